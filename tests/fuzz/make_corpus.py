"""Writes the seed corpus of each fuzzer into corpus/<target>/: a few valid
files written by NumPy and a few broken ones. Run with a Python that has
NumPy, from this folder: /usr/bin/python3 make_corpus.py"""
import io
import os
import zipfile

import numpy as np
from numpy.lib import format


def npy(array, version=None):
    f = io.BytesIO()
    if version is None:
        np.save(f, array)
    else:
        format.write_array(f, array, version=version)
    return f.getvalue()


def npz(compressed=False, **arrays):
    f = io.BytesIO()
    (np.savez_compressed if compressed else np.savez)(f, **arrays)
    return f.getvalue()


def write(target, name, data):
    os.makedirs(os.path.join('corpus', target), exist_ok=True)
    with open(os.path.join('corpus', target, name), 'wb') as f:
        f.write(data)


def header_of(data):
    start = 10 if data[6] == 1 else 12
    return data[start:data.index(b'\n', start) + 1]


a = np.arange(12, dtype=np.float32).reshape(3, 4)
valid = {
    'float32.npy': npy(a),
    'int64_rank0.npy': npy(np.int64(7)),
    'bool.npy': npy(np.array([True, False, True])),
    'uint16_big_endian.npy': npy(np.arange(6, dtype='>u2').reshape(2, 3)),
    'int8_fortran.npy': npy(np.asfortranarray(np.arange(24, dtype=np.int8).reshape(2, 3, 4))),
    'float64_empty.npy': npy(np.zeros((0, 5))),
    'version_2.npy': npy(a, (2, 0)),
    'version_3.npy': npy(a, (3, 0)),
}
for name, data in valid.items():
    write('npy_load', name, data)
    write('npy_header', name.replace('.npy', '.txt'), header_of(data))

good = valid['float32.npy']
broken = {
    'truncated.npy': good[:-5],
    'wrong_magic.npy': b'\x93NUMPZ' + good[6:],
    'huge_shape.npy': good.replace(b"(3, 4), ", b"(1152921504606846976,)"),
    'object.npy': good.replace(b"'<f4'", b"'|O' "),
    'header_past_end.npy': good[:8] + b'\xff\xff' + good[10:],
}
for name, data in broken.items():
    write('npy_load', name, data)
write('npy_header', 'structured.txt', b"{'descr': [('x', '<f4'), ('y', '<i8')], 'fortran_order': False, 'shape': (2,), }\n")
write('npy_header', 'python2.txt', b"{'descr': '<f8', 'fortran_order': False, 'shape': (3L, 4L), }\n")

plain = npz(x=a, flags=np.array([True, False]), n=np.int32(3))
compressed = npz(True, x=a, zeros=np.zeros((20, 20)))
write('npz_load', 'plain.npz', plain)
write('npz_load', 'compressed.npz', compressed)
write('npz_load', 'positional.npz', npz(**{'arr_0': np.arange(5, dtype=np.uint8)}))
write('npz_load', 'truncated.npz', plain[:-30])
damaged = bytearray(compressed)
damaged[100] ^= 0xff
write('npz_load', 'damaged_member.npz', bytes(damaged))
f = io.BytesIO()
with zipfile.ZipFile(f, 'w') as archive:
    archive.writestr('notes.txt', 'not an array')
write('npz_load', 'not_npy_member.npz', f.getvalue())
