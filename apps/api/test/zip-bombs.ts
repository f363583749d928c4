/**
 * Hostile ZIPs for the Verify Export tests and the hardening bench (issue 36, F15): a deflate bomb
 * written by hand, and a ZIP container with whatever sizes its entries declare.
 */
/** A deflate stream (RFC 1951, one fixed-Huffman block) of a zero byte then `pairs` copies of 258 bytes. */
export function zeroBomb(pairs: number): Buffer {
  const bytes: number[] = [];
  let current = 0;
  let used = 0;
  const bit = (value: number) => {
    current |= (value & 1) << used;
    if (++used === 8) {
      bytes.push(current);
      current = 0;
      used = 0;
    }
  };
  const code = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bit(value >> i);
  };
  bit(1); // BFINAL
  bit(1); // BTYPE 01 (fixed Huffman), least significant bit first
  bit(0);
  code(0x30, 8); // the literal 0
  for (let i = 0; i < pairs; i++) {
    code(0b11000101, 8); // length 258 (code 285)
    code(0, 5); // distance 1 (code 0)
  }
  code(0, 7); // end of block (256)
  if (used) bytes.push(current);
  return Buffer.from(bytes);
}

export interface Entry {
  name: string;
  data: Buffer;
  method: 0 | 8;
  declaredSize: number;
}

/** A ZIP as its format has it (PKWARE APPNOTE 4.3), with whatever sizes the entries declare. */
export function craftZip(entries: Entry[], comment: Buffer): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(entry.method, 8);
    header.writeUInt32LE(entry.data.length, 18);
    header.writeUInt32LE(entry.declaredSize, 22);
    header.writeUInt16LE(name.length, 26);
    local.push(header, name, entry.data);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(entry.method, 10);
    record.writeUInt32LE(entry.data.length, 20);
    record.writeUInt32LE(entry.declaredSize, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    central.push(record, name);
    offset += header.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(comment.length, 20);
  return Buffer.concat([...local, directory, end, comment]);
}

/** The seal of a ZIP export: its archive comment. */
export function sealOf(zip: Buffer): Buffer {
  const at = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  return zip.subarray(at + 22);
}
