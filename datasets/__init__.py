"""The seed datasets, installed as the package `simulator.datasets` (setup.py).

An `__init__.py` makes this folder a regular package, as `notebooks/` is: an editable
install's finder maps `simulator.datasets` to this folder but loads no namespace package
there. The simulator reads the datasets through `importlib.resources.files(
"simulator.datasets")`, from a checkout and from a wheel alike.
"""
