/* The Python that python.mjs runs in Pyodide: what the snapshot imports
   (IMPORTS, after UNPACK puts the wheels' files in place), the guard of the
   trimmed standard library (GUARD), and the keeping of compiled code
   (KEEP_BYTECODE, KEEP_GENERATED).  build.py's snapshot key covers this
   file; diceland_build/stdlib_find.py runs IMPORTS and UNPACK as the
   snapshot maker does. */

/** Imported into the snapshot: every module of the two wheels; they hold
    none of the command line's modules nor the simulator (build.py leaves
    them out). */
export const IMPORTS = `
import importlib, pkgutil
for _top in ("diceland_core", "diceland_site"):
    _package = importlib.import_module(_top)
    for _info in pkgutil.walk_packages(_package.__path__, _top + "."):
        importlib.import_module(_info.name)
`;
/** The wheels' files (written to /tmp/wheels by python-snapshot.mjs) into
    the snapshot's site-packages: through the file system, so that no
    JavaScript object reaches Python (a snapshot must hold none). */
export const UNPACK = `
import os, sys, sysconfig, zipfile
for _name in sorted(os.listdir("/tmp/wheels")):
    with zipfile.ZipFile("/tmp/wheels/" + _name) as _wheel:
        _wheel.extractall(sysconfig.get_path("purelib"))
    os.remove("/tmp/wheels/" + _name)
sys.path_importer_cache.clear()  # not importlib.invalidate_caches(): that imports importlib.metadata
`;

/** Python run after every start: the standard library is trimmed by the
    build, and importing a module it left out says so (the guard module is
    in the trimmed archive; a build with the whole library has none).  The
    names of the modules imported so far, for build tools and tests:
    `dicelandPython.modules()`. */
export const GUARD = `
try:
    import _diceland_stdlib_guard
except ModuleNotFoundError:
    pass
else:
    _diceland_stdlib_guard.install()
`;

/** Python, run once after a normal boot: the site's modules (those under
    site-packages, where PyScript unpacks the wheels) are compiled through
    BuildSourceLoader, which compares a source with its bytecode by size, not
    by the file's time (each visit unpacks the files anew); Python writes the
    bytecode it compiles under PYCACHE. */
export const KEEP_BYTECODE = `
def _keep_bytecode(prefix):
    import os, sys, sysconfig
    from importlib.machinery import (BYTECODE_SUFFIXES, EXTENSION_SUFFIXES, SOURCE_SUFFIXES,
                                     ExtensionFileLoader, FileFinder, SourceFileLoader,
                                     SourcelessFileLoader)
    from importlib.util import cache_from_source

    class BuildSourceLoader(SourceFileLoader):
        def path_stats(self, path):
            return {"mtime": 0, "size": super().path_stats(path)["size"]}

        def get_code(self, fullname):
            try:
                return super().get_code(fullname)
            except (EOFError, ValueError, TypeError):
                # bytecode with a right header that does not load: compiled again
                cached = cache_from_source(self.get_filename(fullname))
                if not os.path.exists(cached):
                    raise
                os.remove(cached)
                return super().get_code(fullname)

    site = "/" + sysconfig.get_path("purelib").lstrip("/")  # Pyodide's begins with //
    finder = FileFinder.path_hook((ExtensionFileLoader, EXTENSION_SUFFIXES),
                                  (BuildSourceLoader, SOURCE_SUFFIXES),
                                  (SourcelessFileLoader, BYTECODE_SUFFIXES))

    def build_files(path):
        if path != site and not path.startswith(site + "/"):
            raise ImportError("not a folder of the site's wheels")
        return finder(path)

    sys.path_hooks.insert(0, build_files)
    sys.path_importer_cache.clear()
    sys.pycache_prefix = prefix
    sys.dont_write_bytecode = False
    return prefix + site

_keep_bytecode
`;

/** Python, run once after KEEP_BYTECODE: the methods `dataclasses` writes
    for each class (`__init__`, `__eq__`, ...) are source text it compiles
    on every import, most of the time a frozen dataclass takes to make.  The
    code compiled from each text is kept in one file beside the bytecode
    (marshal: {text: code}), read back on the next visit; a text not in it
    is compiled as before.  `keep()` writes the file when this visit compiled
    any new text. */
export const KEEP_GENERATED = `
def _keep_generated(path):
    import dataclasses, marshal, types

    try:
        with open(path, "rb") as file:
            codes = marshal.load(file)
    except Exception:  # none yet, or damaged: compiled again
        codes = {}
    if not isinstance(codes, dict):
        codes = {}
    new = []

    def exec_kept(source, globals=None, locals=None, /):
        code = codes.get(source) if isinstance(source, str) else None
        if not isinstance(code, types.CodeType):
            code = compile(source, "<string>", "exec", dont_inherit=True)
            if isinstance(source, str):
                codes[source] = code
                new.append(source)
        exec(code, globals, locals)

    def keep():
        if new:
            with open(path, "wb") as file:
                marshal.dump(codes, file)
        count = len(new)
        new.clear()
        return count

    keep.read = len(codes)
    dataclasses.exec = exec_kept
    return keep

_keep_generated
`;
