"""The codecs that sites put their puzzles in: lz-string (lzstring.py) and SudokuPad's zipped
JSON (zipped_json.py)."""
