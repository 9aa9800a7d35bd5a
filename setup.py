"""The build step pyproject.toml cannot say: ship the top-level ``boards/`` and ``migrations/``
inside the package (``bot/boards``, ``bot/migrations``), so that ``pip install .`` works away from
the checkout. An editable install reads the top-level folders themselves."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent

#: top-level folder -> (its place in the package, the files that ship)
SHIPPED = {
    "boards": ("bot/boards", ("*.json", "README.md")),
    "migrations": ("bot/migrations", ("*.sql", "README.md", "postgresql/*.sql")),
}


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for folder, (target, patterns) in SHIPPED.items():
            into = Path(self.build_lib) / target
            shutil.rmtree(into, ignore_errors=True)  # an earlier build's copy may hold files since removed
            self.mkpath(str(into))
            for pattern in patterns:
                for path in sorted((HERE / folder).glob(pattern)):
                    self.mkpath(str((into / path.relative_to(HERE / folder)).parent))
                    self.copy_file(str(path), str(into / path.relative_to(HERE / folder)))


setup(cmdclass={"build_py": BuildWithData})
