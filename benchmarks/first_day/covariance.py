# NumPy's twin of covariance.cpp: the same numbers, printed the same way.
import sys

import numpy as np

data = np.load(sys.argv[1]).astype(np.float64)
rows = data.shape[0]

centred = data - data.mean(axis=0, keepdims=True)
standardised = centred / data.std(axis=0, keepdims=True)
covariance = centred.T @ centred / (rows - 1)
correlation = standardised.T @ standardised / rows

print("shape %d %d" % covariance.shape)
print("variance of column 0 %.6f" % covariance[0, 0])
print("covariance 0 1 %.6f" % covariance[0, 1])
print("largest correlation off the diagonal %.6f" % (correlation - np.eye(correlation.shape[0])).max())
print("standardised column means %.6f" % np.abs(standardised.mean(axis=0)).max())
