/* A module worker that makes python.mjs's memory snapshot off the page's
   main thread: it boots a throwaway Pyodide with `_makeSnapshot`, runs the
   Python python.mjs sends (unpack the wheels written to /tmp/wheels, import
   the modules), and posts the snapshot's bytes back.  Nothing JavaScript is
   ever handed to that Python, so the snapshot restores on any page. */

import { loadPyodide } from "./pyodide/pyodide.mjs";

self.onmessage = async ({ data }) => {
  try {
    const py = await loadPyodide({
      indexURL: data.indexURL, _makeSnapshot: true, stdout: () => {}, stderr: () => {},
    });
    py.FS.mkdirTree("/tmp/wheels");
    data.wheels.forEach((bytes, i) => py.FS.writeFile(`/tmp/wheels/${i}.whl`, bytes));
    for (const code of data.python) py.runPython(code);
    const bytes = py.makeMemorySnapshot();
    self.postMessage({ bytes }, [bytes.buffer]);
  } catch (err) {
    self.postMessage({ error: String(err && err.message || err) });
  }
};
