// Runs a Python script in the site's own Pyodide, under Node, at build time (precompile.py).
//
//   node precompile.mjs <pyodide folder> <script.py> <output folder>
//
// Pyodide starts from the site's folder and loads every package of its lock, as the page does; the output folder
// is the host's, mounted at /out. Whatever the script prints is this process's output; a Python error exits 1.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const [folder, script, out] = process.argv.slice(2).map((p) => resolve(p));
const { loadPyodide } = await import(`${folder}/pyodide.mjs`);
const lock = JSON.parse(readFileSync(`${folder}/pyodide-lock.json`, "utf8"));
const pyodide = await loadPyodide({ indexURL: `${folder}/`, stdout: console.log, stderr: console.error });
await pyodide.loadPackage(Object.keys(lock.packages), { messageCallback: () => {} });
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: out }, "/out");
try {
  await pyodide.runPythonAsync(readFileSync(script, "utf8"));
} catch (error) {
  console.error(error.message ?? String(error));
  process.exit(1);
}
