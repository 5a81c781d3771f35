# The NumPy program that examples/numpy_toolbox.cpp mirrors, call for call:
# its output is examples/expected/numpy_toolbox.txt, which CTest compares
# with the loom program's. Regenerate it with
#   /usr/bin/python3 examples/numpy_toolbox.py > examples/expected/numpy_toolbox.txt
import io

import numpy as np


def show(name, value):
    print(f"{name}: {str(value)}")  # str, as NumPy prints (an f-string formats a float16 scalar as a Python float)


def shape(array):
    return list(array.shape)


def elementwise():
    x, y = np.array([0.25, 0.5, 0.75]), np.array([1.5, 2.0, 3.0])
    show("log2", np.log2(y))
    show("log10", np.log10(y))
    show("exp2", np.exp2(x))
    show("cbrt", np.cbrt(y))
    show("arcsin", np.arcsin(x))
    show("arccos", np.arccos(x))
    show("arctan", np.arctan(x))
    show("arctan2", np.arctan2(x, y))
    show("sinh", np.sinh(x))
    show("cosh", np.cosh(x))
    show("arcsinh", np.arcsinh(x))
    show("arccosh", np.arccosh(y))
    show("arctanh", np.arctanh(x))
    show("trunc", np.trunc(np.array([-1.5, 2.7, -0.2])))
    with_nan, other = np.array([1.0, np.nan, 3.0]), np.array([np.nan, 2.0, 1.0])
    show("fmax", np.fmax(with_nan, other))
    show("fmin", np.fmin(with_nan, other))
    specials = np.array([1.0, np.inf, -np.inf, np.nan])
    show("isfinite", np.isfinite(specials))
    show("nan_to_num", np.nan_to_num(specials))
    show("hypot", np.hypot(np.array([3.0, 5]), np.array([4.0, 12])))
    show("copysign", np.copysign(x, -1.0))
    show("deg2rad", np.deg2rad(np.array([180.0, 90])))
    show("rad2deg", np.rad2deg(np.array([3.141592653589793, 1.0])))
    show("reciprocal", np.reciprocal(np.array([2.0, 4, 0.5])))
    show("heaviside", np.heaviside(np.array([-1.0, 0, 2]), 0.5))
    show("logaddexp", np.logaddexp(x, y))
    show("relu", np.maximum(np.array([-1.0, 0.5, 2]), 0))  # PyTorch's relu


def statistics():
    d = np.array([[3.0, 1, 4], [1, 5, 9], [2, 6, 5]])
    show("median", np.median(d))
    show("median axis 0", np.median(d, axis=0))
    show("percentile 25", np.percentile(d, 25))
    show("quantile [0.25, 0.75] axis 1", np.quantile(d, [0.25, 0.75], axis=1))
    for method in ("lower", "higher", "nearest", "midpoint"):
        show(f"percentile 40 {method}", np.percentile(d, 40, method=method))
    show("average weighted axis 0", np.average(d, weights=[1, 2, 1], axis=0))
    show("ptp axis 1", np.ptp(d, axis=1))
    n = np.array([[1, np.nan, 3], [np.nan, 5, 6]])
    show("nansum", np.nansum(n))
    show("nanmean axis 0", np.nanmean(n, axis=0))
    show("nanstd", np.nanstd(n))
    show("nanvar axis 1", np.nanvar(n, axis=1))
    show("nanmin", np.nanmin(n))
    show("nanmax axis 1", np.nanmax(n, axis=1))
    show("nanargmin", np.nanargmin(n))
    show("nanargmax axis 1", np.nanargmax(n, axis=1))
    show("nanmedian", np.nanmedian(n))
    show("nanpercentile 50 axis 1", np.nanpercentile(n, 50, axis=1))
    show("nanquantile 0.5", np.nanquantile(n, 0.5))
    show("nanprod axis 0", np.nanprod(n, axis=0))
    show("nancumsum", np.nancumsum(n))
    show("cov", np.cov(d))
    show("corrcoef", np.corrcoef(d))
    show("stddev axis 0", np.std(d, axis=0))


def matrices():
    d = np.array([[3.0, 1, 4], [1, 5, 9], [2, 6, 5]])
    show("diag of a vector", np.diag(np.array([1.0, 2, 3])))
    show("diag of a matrix", np.diag(d))
    show("diagflat", np.diagflat(np.array([[1.0, 2], [3, 4]])))
    show("tril", np.tril(d))
    show("triu 1", np.triu(d, 1))
    show("trace", np.trace(d))
    show("kron", np.kron(np.eye(2), np.array([[1.0, 2], [3, 4]])))
    show("vander", np.vander(np.array([1, 2, 3])))


def grids_and_bins():
    x, y = np.array([1.0, 2, 3]), np.array([4.0, 5])
    columns, rows = np.meshgrid(x, y)
    show("meshgrid xy X", columns)
    show("meshgrid xy Y", rows)
    first, second = np.meshgrid(x, y, indexing="ij")
    show("meshgrid ij shapes", shape(first))
    show("meshgrid ij second", second)
    data = np.array([1, 2, 1, 4, 2.5])
    counts, edges = np.histogram(data, 3)
    show("histogram counts", counts)
    show("histogram edges", edges)
    show("histogram given edges", np.histogram(data, np.array([0.0, 2, 3, 5]))[0])
    show("histogram density", np.histogram(data, 3, density=True)[0])
    show("histogram weights", np.histogram(data, 3, weights=np.array([1, 1, 1, 0.5, 2]))[0])
    show("histogram2d", np.histogram2d(np.array([0.0, 1, 1, 2]), np.array([0.0, 0, 1, 2]), 2)[0])
    show("bincount", np.bincount(np.array([0, 1, 1, 3])))
    show("digitize", np.digitize(np.array([0.2, 6.4, 3.0, 1.6]), np.array([0.0, 1, 2.5, 4, 10])))


def creation_and_shape():
    show("logspace", np.logspace(0, 2, 3))
    show("geomspace", np.geomspace(1, 1000, 4))
    show("identity", np.identity(3))
    column, row = np.array([[1.0], [2], [3]]), np.array([[10.0, 20]])
    first, second = np.broadcast_arrays(column, row)
    show("broadcast_arrays", shape(first))
    show("broadcast_arrays second", second)
    m = np.array([[1, 2], [3, 4]])
    show("rot90", np.rot90(m))
    show("flip on both axes", np.flip(m, (0, 1)))
    show("atleast_1d", shape(np.atleast_1d(np.array(5.0))))
    show("atleast_2d", shape(np.atleast_2d(np.array([1.0, 2]))))
    show("atleast_3d", shape(np.atleast_3d(np.array([1.0, 2]))))


# NumPy's streams are not loom's: these lines print what any stream of the
# distribution shows.
def random_sampling():
    rng = np.random.default_rng(7)
    u = rng.uniform(2.0, 3.0, 1000)
    show("uniform in [2, 3)", np.all((u >= 2) & (u < 3)))
    z = rng.normal(5.0, 0.5, 10000)
    show("normal mean near 5", abs(z.mean() - 5) < 0.05)
    show("exponential not negative", np.all(rng.exponential(2.0, 1000) >= 0))
    show("poisson not negative", np.all(rng.poisson(3.0, 1000) >= 0))
    b = rng.binomial(10, 0.3, 1000)
    show("binomial in [0, 10]", np.all((b >= 0) & (b <= 10)))
    show("choice without replacement, sorted", np.sort(rng.choice(5, 5, replace=False)))
    show("choice with p", rng.choice(3, 4, p=[0.0, 1.0, 0.0]))
    show("permutation, sorted", np.sort(rng.permutation(6)))
    rows = np.array([[1, 1], [2, 2], [3, 3]])
    rng.shuffle(rows)
    show("shuffle keeps rows", np.sort(rows[:, 0]) == np.sort(rows[:, 1]))


def text_and_lists():
    written = io.StringIO()
    np.savetxt(written, np.array([[1.5, 2, 3], [4, 5.25, 6]]), fmt="%.2f", delimiter=",")
    print("savetxt:\n" + written.getvalue(), end="")
    text = io.StringIO("# x, y, z\nskipped\n1,2,3\n4,5,6\n")
    show("loadtxt", np.loadtxt(text, delimiter=",", skiprows=2, usecols=(0, 2)))
    show("loadtxt nan", np.genfromtxt(io.StringIO("1 2\n3 nan\n")))
    nested = np.array([[1.0, 2, 3], [4, 5, 6]]).tolist()
    print(f"tolist: {len(nested)} lists of {len(nested[1])}, last {nested[1][2]:g}")


def sixteen_bit_floats():
    h = np.array([0.1, 1.5, 65504], np.float16)
    show("float16", h)
    show("float16 sum", np.sum(h))


def first_day_spellings():
    d = np.array([[3.0, 1, 4], [1, 5, 9], [2, 6, 5]])
    show("sum(d).item()", f"{d.sum().item():g}")
    show("double(mean(d))", f"{float(d.mean()):g}")
    show("d.T()", d.T)
    show("d.mean(0)", d.mean(0))
    show("take_at rows and columns", d[[0, 1, 2], [2, 0, 1]])
    e = d.copy()
    e[[0, 2], [0, 2]] = 0.0
    show("put_at", e)


elementwise()
statistics()
matrices()
grids_and_bins()
creation_and_shape()
random_sampling()
text_and_lists()
sixteen_bit_floats()
first_day_spellings()
