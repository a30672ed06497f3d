// Shared helpers of the circom Poseidon generators: where circomlibjs lives,
// its version, and the BN254 scalar field as plain BigInt arithmetic.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const here = dirname(fileURLToPath(import.meta.url));
export const repo = join(here, "..", "..");

// circomlibjs' package.json "exports" hides its src/ folder from bare
// specifiers, so the constant files are imported by path.
export const circomlibjsDir = join(here, "node_modules", "circomlibjs");
export const circomlibjsVersion = JSON.parse(
  readFileSync(join(circomlibjsDir, "package.json"), "utf8"),
).version;

export async function importCircomlibjsFile(relative) {
  return (await import(pathToFileURL(join(circomlibjsDir, relative)).href)).default;
}

/** BN254 scalar field modulus (circom's `bn128` Fr). */
export const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

/** circomlib's widths and partial round counts (t = 2..17). */
export const WIDTHS = Array.from({ length: 16 }, (_, i) => i + 2);
export const ROUNDS_F = 8;
export const ROUNDS_P = [56, 57, 56, 60, 60, 63, 64, 63, 60, 66, 60, 65, 70, 60, 64, 68];
