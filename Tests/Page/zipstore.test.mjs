// "Download all"'s archive (settings/zipstore.js): its CRC-32 against the standard check values,
// and the archive read back by Python's zipfile, which checks every header and CRC as it reads.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";

import { crc32, zipFiles } from "../../public/js/settings/zipstore.js";

const bytes = (text) => new TextEncoder().encode(text);

test("CRC-32 gives the standard check values", () => {
  assert.equal(crc32(bytes("")), 0);
  assert.equal(crc32(bytes("123456789")), 0xcbf43926);
  assert.equal(crc32(bytes("The quick brown fox jumps over the lazy dog")), 0x414fa339);
});

test("an archive of text files reads back whole in Python's zipfile, names in UTF-8", () => {
  const files = [
    { name: "TunedCarousel.swift", text: "import SwiftUI\n" },
    { name: "tuned_carousel.dart", text: "// ∑ café, خط\n".repeat(500) },
    { name: "empty.txt", text: "" },
    { name: "réglages.json", text: "{}" },
  ];
  const archive = zipFiles(files, new Date(2026, 10, 26, 9, 30, 12));
  const script = [
    "import sys, zipfile, io, json",
    "z = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))",
    "assert z.testzip() is None",
    "print(json.dumps([[i.filename, z.read(i).decode(), list(i.date_time)] for i in z.infolist()]))",
  ].join("\n");
  const read = JSON.parse(execFileSync("python3", ["-c", script], { input: archive }).toString());
  assert.deepEqual(read.map(([name, text]) => ({ name, text })), files);
  assert.deepEqual(read[0][2], [2026, 11, 26, 9, 30, 12]);
});

test("an image's bytes go in as they are, beside the text files", () => {
  const image = new Uint8Array(300);
  for (let index = 0; index < image.length; index += 1) image[index] = (index * 37) & 0xff;
  const archive = zipFiles([{ name: "a.js", text: "x" }, { name: "images/a.png", bytes: image }]);
  const script = [
    "import sys, zipfile, io, json",
    "z = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))",
    "assert z.testzip() is None",
    "print(json.dumps([[i.filename, list(z.read(i))] for i in z.infolist()]))",
  ].join("\n");
  const read = JSON.parse(execFileSync("python3", ["-c", script], { input: archive }).toString());
  assert.deepEqual(read[1], ["images/a.png", [...image]]);
});
