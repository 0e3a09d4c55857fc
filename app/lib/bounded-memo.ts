/**
 * Answers remembered by their question (a string), least recently used forgotten first,
 * holding at most `maxChars` characters of questions and answers together.
 */
export class BoundedMemo {
  private readonly entries = new Map<string, string>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Most recently used last, so the oldest is first in line to go.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: string): void {
    const size = key.length + value.length;
    if (size > this.maxChars) return;
    this.delete(key);
    this.entries.set(key, value);
    this.chars += size;
    for (const [oldest] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.chars -= key.length + value.length;
  }
}
