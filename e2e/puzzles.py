"""Puzzles the scenarios share (one-line form, '.' for empty)."""

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASSIC_SOLUTION = (
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)
SMALL = "..3..4.221......"  # 4x4, one solution
SMALL_SOLUTION = "1234341221434321"
SEVERAL = "1" + "." * 79 + "2"  # 9x9 with two givens: many solutions
# No conflict, but r1c9 can hold nothing: row 1 has 1-8 and box 3 already has a 9.
NO_SOLUTION = "12345678." + "......9.." + "." * 63
# A 6x6 (boxes 2x3) with one solution.
SIX = ".......65......56...14..3...4..1...2"
SIX_SOLUTION = "143256265314432561651423326145514632"
# 25x25 with 187 random givens (no conflict): the exact solver runs into its time budget.
HARD25 = (
    ".N.9..OAEJ8......C....4..K..7HC...8......1J2...5..D.J6......7F.CME......9.1...E.9..M...2"
    "G....6.......P..OI.....9H..G..K.3..DCEO.............K6...J....5H..C..N..DJ....M3....B..."
    "..8..H......AP.F...4..........9.CM..16.I..8..F.A..FKB......M.I5...P..2........FB7...N.D."
    "5..9..I.....M..4.....A..8HP.....L..OG..IK.C5A.........H..N....B.......3CO........9..4..."
    "..7.6.1..E.F..A..2B...3..NL..E...1.......C.....61..3.FI...JN...9..D.....A7........N....."
    "J...F5..2...C...D..K....B...N..G.1.....52...A..7....I.......F..DL..2JP4..B......8......."
    "M.A....L..J3.28.O...F...........O..E..H...A.PM....C..L............A.6..........3..5....1"
    "....N..JI"
)
