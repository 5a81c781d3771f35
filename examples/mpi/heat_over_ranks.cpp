// The heat equation's explicit step on a square plate, as in
// examples/heat_diffusion.cpp, with the plate's rows split over MPI ranks:
// loom inside each process, MPI between them. Each rank keeps its block of
// rows and one halo row above and below it; before each step it sends its
// first and last rows to its neighbours and receives their edge rows into
// its halo, through buffers MPI allocates and loom views with adapt(). The
// step itself is the same loom expression as in one process. At the end,
// rank 0 gathers the blocks into one plate and checks it against the same
// steps run in one process, element for element.
//
// Build with the MPI compiler wrapper or CMake's MPI package (it is built
// when CMake finds MPI) and run, say, `mpirun -np 2 build/examples/heat_over_ranks`.
// Any number of ranks up to the plate's 64 rows gives the same plate.

#include <mpi.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <vector>

#include <loom/reduce.hpp>

using namespace loom;

namespace {

constexpr index_t n = 64;    // grid points along each side
constexpr int steps = 200;   // time steps
constexpr double r = 0.2;    // alpha dt / dx^2: stable up to 0.25

// The plate at time 0: a Gaussian spot in the middle.
tensor<double> initial_plate() {
    const auto x = linspace(0, 1, n).reshape({n, 1}) - 0.5;
    const auto y = linspace(0, 1, n).reshape({1, n}) - 0.5;
    return exp(-(x * x + y * y) / 0.01);
}

// One step of rows [begin, end) of `u` (whose neighbours above and below it holds too) into `next`;
// the first and last columns are the plate's edge and keep their values.
void step(const tensor<double>& u, tensor<double>& next, index_t begin, index_t end) {
    const range rows(begin, end), above(begin - 1, end - 1), below(begin + 1, end + 1);
    const range inner(1, n - 1), left(0, n - 2), right(2, n);
    next(rows, inner) = u(rows, inner) + r * (u(above, inner) + u(below, inner) + u(rows, left) +
                                              u(rows, right) - 4.0 * u(rows, inner));
}

// The plate after `steps` steps in one process: the reference.
tensor<double> one_process(const tensor<double>& u0) {
    tensor<double> u = u0.copy(), next = u0.copy();
    for (int s = 0; s < steps; ++s) {
        step(u, next, 1, n - 1);
        std::swap(u, next);
    }
    return u;
}

// A buffer of `count` doubles from MPI_Alloc_mem (memory MPI may register for its transfers), freed with it.
class mpi_buffer {
public:
    explicit mpi_buffer(index_t count) {
        MPI_Alloc_mem(static_cast<MPI_Aint>(count) * static_cast<MPI_Aint>(sizeof(double)), MPI_INFO_NULL, &data_);
    }
    mpi_buffer(const mpi_buffer&) = delete;
    mpi_buffer& operator=(const mpi_buffer&) = delete;
    ~mpi_buffer() { MPI_Free_mem(data_); }

    double* data() { return data_; }
    // The buffer as a loom view of `shape`.
    tensor_view<double> view(const shape_type& shape) { return adapt(data_, shape); }

private:
    double* data_ = nullptr;
};

}  // namespace

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    if (ranks > n) {
        if (rank == 0) std::cerr << "heat_over_ranks: " << ranks << " ranks for " << n << " rows; use at most " << n << '\n';
        MPI_Finalize();
        return EXIT_FAILURE;
    }

    // This rank's rows of the plate: [first, first + count), the first ranks taking one more when
    // the rows do not divide evenly.
    const index_t base = n / ranks, extra = n % ranks;
    const index_t count = base + (rank < extra ? 1 : 0);
    const index_t first = rank * base + std::min<index_t>(rank, extra);
    const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank + 1 < ranks ? rank + 1 : MPI_PROC_NULL;

    // The block with a halo row above (row 0) and below (row count + 1); on the first and last ranks,
    // the plate's edge rows are in the block and keep their values.
    const tensor<double> plate0 = initial_plate();
    tensor<double> u(shape_type{count + 2, n});
    u(range(1, count + 1), all) = plate0(range(first, first + count), all);
    tensor<double> next = u.copy();
    const index_t top = first == 0 ? 2 : 1;                         // the block's rows a step writes
    const index_t bottom = first + count == n ? count : count + 1;

    mpi_buffer outgoing(2 * n), incoming(2 * n);
    auto send = outgoing.view({2, n}), received = incoming.view({2, n});
    for (int s = 0; s < steps; ++s) {
        // The first and last rows go to the neighbours; their edge rows come back into the halo.
        send(0, all) = u(1, all);
        send(1, all) = u(count, all);
        MPI_Sendrecv(outgoing.data(), static_cast<int>(n), MPI_DOUBLE, up, 0,
                     incoming.data() + n, static_cast<int>(n), MPI_DOUBLE, down, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        MPI_Sendrecv(outgoing.data() + n, static_cast<int>(n), MPI_DOUBLE, down, 1, incoming.data(),
                     static_cast<int>(n), MPI_DOUBLE, up, 1, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        if (up != MPI_PROC_NULL) u(0, all) = received(0, all);
        if (down != MPI_PROC_NULL) u(count + 1, all) = received(1, all);
        if (top < bottom) step(u, next, top, bottom);
        std::swap(u, next);
    }

    // Rank 0 gathers the blocks into one plate and compares it with one process's.
    const int rows_of_rank = static_cast<int>(count);
    std::vector<int> rows(static_cast<std::size_t>(ranks)), counts(rows.size()), offsets(rows.size());
    MPI_Gather(&rows_of_rank, 1, MPI_INT, rows.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    for (std::size_t k = 0; k < rows.size(); ++k) {
        counts[k] = rows[k] * static_cast<int>(n);
        if (k > 0) offsets[k] = offsets[k - 1] + counts[k - 1];
    }
    mpi_buffer gathered(rank == 0 ? n * n : 1);
    const tensor<double> block = u(range(1, count + 1), all);
    MPI_Gatherv(block.data(), static_cast<int>(block.size()), MPI_DOUBLE, gathered.data(), counts.data(),
                offsets.data(), MPI_DOUBLE, 0, MPI_COMM_WORLD);
    int status = EXIT_SUCCESS;
    if (rank == 0) {
        const auto plate = gathered.view({n, n});
        const tensor<double> reference = one_process(plate0);
        const double difference = max(abs(plate - reference)).item();
        std::cout << "a " << n << " x " << n << " plate, " << steps << " steps, rows split over " << ranks
                  << " ranks\n"
                  << "rows per rank: " << adapt(rows) << '\n'
                  << "the middle of the plate: " << plate(n / 2, range(n / 2 - 2, n / 2 + 2)) << '\n'
                  << "largest difference from one process: " << difference << '\n';
        if (difference != 0) status = EXIT_FAILURE;
    }
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
