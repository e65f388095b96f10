// A zip archive of files, stored without compression: what "Download all" gives, one file a
// framework and the items' images, which every system opens without a library. The format (PKWARE's APPNOTE): for each
// file a local header and its bytes, then a central directory entry for each, then the end record;
// names are UTF-8 (flag bit 11), sizes and offsets 32-bit, so an archive stays under 4 GiB.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// `files`: [{ name, text }] or [{ name, bytes }] (a Uint8Array); `date`: the files' time (zip keeps local time to two seconds).
export function zipFiles(files, date = new Date()) {
  const encoder = new TextEncoder();
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1);
  const day = ((Math.max(date.getFullYear(), 1980) - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const file of files) {
    const name = encoder.encode(file.name);
    const data = file.bytes ?? encoder.encode(file.text);
    const fields = { crc: crc32(data), size: data.length, name, time, day };
    const local = header(0x04034b50, fields, null);
    locals.push(local, data);
    centrals.push(header(0x02014b50, fields, offset));
    offset += local.length + data.length;
  }
  const directorySize = centrals.reduce((sum, entry) => sum + entry.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, files.length, true);
  end.setUint16(10, files.length, true);
  end.setUint32(12, directorySize, true);
  end.setUint32(16, offset, true);
  return concatenate([...locals, ...centrals, new Uint8Array(end.buffer)]);
}

// A local header (`offset` null) or a central directory entry (at `offset`), with the name after it.
function header(signature, { crc, size, name, time, day }, offset) {
  const central = offset !== null;
  const length = central ? 46 : 30;
  const view = new DataView(new ArrayBuffer(length + name.length));
  let at = 0;
  const u16 = (value) => { view.setUint16(at, value, true); at += 2; };
  const u32 = (value) => { view.setUint32(at, value, true); at += 4; };
  u32(signature);
  if (central) u16(20); // made by: version 2.0
  u16(20); // needed to extract: 2.0
  u16(0x0800); // names in UTF-8
  u16(0); // stored
  u16(time);
  u16(day);
  u32(crc);
  u32(size); // compressed
  u32(size);
  u16(name.length);
  u16(0); // extra field
  if (central) {
    u16(0); // comment
    u16(0); // disk
    u16(0); // internal attributes
    u32(0); // external attributes
    u32(offset);
  }
  new Uint8Array(view.buffer).set(name, length);
  return new Uint8Array(view.buffer);
}

function concatenate(parts) {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
