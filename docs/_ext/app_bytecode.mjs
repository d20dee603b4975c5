// Runs app_bytecode.py in the Pyodide runtime the app loads, under Node.js, at docs build
// time:  node app_bytecode.mjs RUNTIME_DIR OUT_DIR EXAMPLE WHEEL...
// Writes OUT_DIR/python_stdlib.zip and OUT_DIR/bytecode.zip, and prints what it compiled.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";

const [runtime, out, example, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime + "/", stdout: () => {} });
const site = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: site });
}
const script = readFileSync(fileURLToPath(new URL("app_bytecode.py", import.meta.url)), "utf8");
const module = pyodide.runPython(`${script}\nmain`);
// /tmp here is the runtime's own in-memory file system, copied out below
const said = module("/tmp/python_stdlib.zip", "/tmp/bytecode.zip", readFileSync(example, "utf8"));
writeFileSync(join(out, "python_stdlib.zip"), pyodide.FS.readFile("/tmp/python_stdlib.zip"));
writeFileSync(join(out, "bytecode.zip"), pyodide.FS.readFile("/tmp/bytecode.zip"));
console.log(said);
