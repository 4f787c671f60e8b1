"""The tutorial notebooks, installed as the package `simulator.tutorials` (setup.py).

An `__init__.py` makes this folder a regular package, which an editable install's finder
needs to import it from here (it maps `simulator.tutorials` to this folder but loads no
namespace package there); `python -m simulator notebooks DIR` reads the notebooks through
`importlib.resources.files("simulator.tutorials")`, from a checkout and from a wheel alike.
"""
