"""Build hook: the wheel carries the top-level ``data/`` and ``notebooks/`` folders.

``data/`` stays the single source of the data files (the repository, Binder and an editable
install read it in place); ``python -m build`` / ``pip wheel .`` copy it, with every subfolder,
into the package as ``shogun_tutor/_data`` and the notebooks as ``shogun_tutor/_notebooks``,
where :func:`shogun_tutor.data.data_dir` and :func:`shogun_tutor.serve.notebook_path` find them.
Everything else is declared in ``pyproject.toml``.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
SHIPPED = {"data": "_data", "notebooks": "_notebooks"}  # top-level folder -> folder inside shogun_tutor/


def shipped_files():
    """(source, path inside the package) for every file of the shipped folders."""
    for folder, target in SHIPPED.items():
        for src in sorted((ROOT / folder).rglob("*")):
            rel = src.relative_to(ROOT / folder)
            if src.is_file() and not any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
                yield src, Path(target, rel)


class build_py_with_data(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads data/ and notebooks/ in place
        for src, rel in shipped_files():
            self.copy_file(str(src), str(Path(self.build_lib, "shogun_tutor", rel)), preserve_mode=False)

    def copy_file(self, infile, outfile, *args, **kwargs):
        Path(outfile).parent.mkdir(parents=True, exist_ok=True)
        return super().copy_file(infile, outfile, *args, **kwargs)

    def get_outputs(self, include_bytecode=True):
        extra = [str(Path(self.build_lib, "shogun_tutor", rel)) for _src, rel in shipped_files()]
        return super().get_outputs(include_bytecode) + extra


setup(cmdclass={"build_py": build_py_with_data})
