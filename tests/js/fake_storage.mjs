// The browser's Storage for the page's modules under Node (one fake for every JS test).
// Storage as the browser's: strings only, and a quota (in characters of keys and values) past
// which setItem throws QuotaExceededError and changes nothing. `refuse(key)` refuses more.
export class FakeStorage {
  constructor(quota = Infinity, refuse = () => false) {
    this.map = new Map();
    this.quota = quota;
    this.refuse = refuse;
    this.full = false; // true: every write is refused, as a full or blocked storage does
  }

  get length() {
    return this.map.size;
  }

  key(i) {
    return [...this.map.keys()][i] ?? null;
  }

  getItem(key) {
    return this.map.has(key) ? this.map.get(key) : null;
  }

  setItem(key, value) {
    const text = String(value);
    const old = this.map.has(key) ? key.length + this.map.get(key).length : 0;
    if (this.full || this.refuse(key) || this.used() - old + key.length + text.length > this.quota) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    this.map.set(key, text);
  }

  removeItem(key) {
    this.map.delete(key);
  }

  used() {
    let n = 0;
    for (const [k, v] of this.map) n += k.length + v.length;
    return n;
  }

  snapshot() {
    return new Map(this.map);
  }

  // Fill to the quota with one value, as other projects of a shared origin can.
  fill() {
    const room = this.quota - this.used() - "filler".length;
    this.map.set("filler", "x".repeat(Math.max(0, room)));
  }
}
