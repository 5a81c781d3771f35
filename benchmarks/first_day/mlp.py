# NumPy's twin of mlp.cpp: the same numbers, printed the same way.
import numpy as np

batch, inputs, hidden, classes = 256, 64, 128, 10
x = np.sin(np.arange(batch * inputs) * 0.37).astype(np.float32).reshape(batch, inputs)
w1 = (np.cos(np.arange(inputs * hidden) * 0.11) * 0.1).astype(np.float32).reshape(inputs, hidden)
w2 = (np.sin(np.arange(hidden * classes) * 0.23) * 0.1).astype(np.float32).reshape(hidden, classes)
b1 = np.linspace(-0.5, 0.5, hidden).astype(np.float32)
b2 = np.zeros(classes, np.float32)
labels = np.arange(batch) % classes

h = np.maximum(x @ w1 + b1, np.float32(0))
logits = h @ w2 + b2
shifted = logits - logits.max(axis=1, keepdims=True)
log_probabilities = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
loss = -log_probabilities[np.arange(batch), labels].mean()
predicted = log_probabilities.argmax(axis=1)
accuracy = (predicted == labels).astype(np.float64).mean()

print("loss %.5f" % loss)
print("accuracy %.5f" % accuracy)
print("first predictions %d %d %d %d" % tuple(predicted[:4]))
print("mean log-probability %.5f" % log_probabilities.mean())
