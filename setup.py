"""The package list, the one setting pyproject.toml cannot express.

`[tool.setuptools.packages.find]` only finds folders under `simulator/`; the tutorial notebooks
must stay in the repository's `notebooks/` (pytest collects them there) and still ship in the
wheel, as the package `simulator.tutorials` (`package-dir` in pyproject.toml maps it to
`notebooks/`; `python -m simulator notebooks DIR` copies them out of it). The seed datasets
likewise: the repository's `datasets/`, the package `simulator.datasets`.
"""

from setuptools import find_namespace_packages, setup

setup(
    packages=[
        *find_namespace_packages(include=["simulator*"]),
        "simulator.tutorials",
        "simulator.datasets",
    ]
)
