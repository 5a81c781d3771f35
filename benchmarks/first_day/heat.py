# NumPy's twin of heat.cpp: the same numbers, printed the same way.
import numpy as np

n, steps, r = 128, 200, 0.2
u = np.zeros((n, n))
u[n // 4:n // 2, n // 4:n // 2] = 100.0
u[0, :] = 50.0
for _ in range(steps):
    u[1:-1, 1:-1] = u[1:-1, 1:-1] + r * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4.0 * u[1:-1, 1:-1])

print("total heat %.6f" % u.sum())
print("hottest %.6f" % u[1:-1, 1:-1].max())
print("centre %.6f" % u[n // 2, n // 2])
print("row 1 mean %.6f" % u[1, :].mean())
