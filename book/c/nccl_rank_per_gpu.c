// needs: nccl.h
/* NCCL lesson 2, in C: one process per GPU (after NVIDIA's NCCL example "one device per
 * process", in our own words), MPI's part done by hand: the launcher forks one rank per GPU;
 * rank 0 makes the ncclUniqueId and sends it to the other ranks over loopback TCP. */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <cuda_runtime_api.h>
#include <nccl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CUDACHECK(call)                                                                      \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                             \
            printf("%s:%d %s failed. \n code = %s, message = %s\n", __FILE__, __LINE__, #call, \
                   cudaGetErrorName(e_), cudaGetErrorString(e_));                            \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)

#define NCCLCHECK(call, comm)                                                                \
    do {                                                                                     \
        ncclResult_t r_ = (call);                                                            \
        if (r_ != ncclSuccess) {                                                             \
            printf("%s:%d %s failed. \n code = %d, message = %s; NCCL's last error: %s\n",   \
                   __FILE__, __LINE__, #call, (int)r_, ncclGetErrorString(r_),              \
                   ncclGetLastError(comm));                                                  \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)

#define SYSCHECK(ok, what)                                                                   \
    do {                                                                                     \
        if (!(ok)) {                                                                         \
            perror(what);                                                                    \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)

#define SIZE (32 * 1024 * 1024)

static struct sockaddr_in loopback(int port) {
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((unsigned short)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return a;
}

/* Rank 0: every other rank connects and says its rank; each gets the id. */
static void send_id(int port, int nranks, const ncclUniqueId *id) {
    int server = socket(AF_INET, SOCK_STREAM, 0), one = 1;
    SYSCHECK(server >= 0, "socket");
    setsockopt(server, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in a = loopback(port);
    SYSCHECK(bind(server, (struct sockaddr *)&a, sizeof a) == 0, "rank 0: bind");
    SYSCHECK(listen(server, nranks) == 0, "rank 0: listen");
    for (int joined = 1; joined < nranks; ++joined) {
        int peer = accept(server, NULL, NULL), rank = 0;
        SYSCHECK(peer >= 0, "rank 0: accept");
        SYSCHECK(read(peer, &rank, sizeof rank) == (ssize_t)sizeof rank, "rank 0: read a rank");
        SYSCHECK(write(peer, id, sizeof *id) == (ssize_t)sizeof *id, "rank 0: send the id");
        close(peer);
    }
    close(server);
}

/* Another rank: connects (rank 0 may not listen yet: retry), says its rank, reads the id. */
static void receive_id(int port, int rank, ncclUniqueId *id) {
    struct sockaddr_in a = loopback(port);
    int s = -1;
    for (int tries = 0; tries < 3000; ++tries) {
        s = socket(AF_INET, SOCK_STREAM, 0);
        SYSCHECK(s >= 0, "socket");
        if (connect(s, (struct sockaddr *)&a, sizeof a) == 0) break;
        close(s), s = -1;
        nanosleep(&(struct timespec){0, 20 * 1000 * 1000}, NULL);
    }
    SYSCHECK(s >= 0, "connect to rank 0");
    SYSCHECK(write(s, &rank, sizeof rank) == (ssize_t)sizeof rank, "send the rank");
    SYSCHECK(read(s, id, sizeof *id) == (ssize_t)sizeof *id, "read the id");
    close(s);
}

static int run_rank(int rank, int nranks, int port) {
    // ANCHOR: id
    ncclUniqueId id;
    if (rank == 0) {
        NCCLCHECK(ncclGetUniqueId(&id), NULL);
        send_id(port, nranks, &id);
    } else {
        receive_id(port, rank, &id);
    }
    // ANCHOR_END: id
    CUDACHECK(cudaSetDevice(rank));
    float *sendbuff, *recvbuff, *host = malloc(SIZE * sizeof(float));
    cudaStream_t s;
    CUDACHECK(cudaMalloc((void **)&sendbuff, SIZE * sizeof(float)));
    CUDACHECK(cudaMalloc((void **)&recvbuff, SIZE * sizeof(float)));
    for (int k = 0; k < SIZE; ++k) host[k] = (float)(rank + 1);
    CUDACHECK(cudaMemcpy(sendbuff, host, SIZE * sizeof(float), cudaMemcpyHostToDevice));
    CUDACHECK(cudaMemset(recvbuff, 0xff, SIZE * sizeof(float)));
    CUDACHECK(cudaStreamCreate(&s));

    // ANCHOR: init_and_reduce
    ncclComm_t comm = NULL;
    NCCLCHECK(ncclCommInitRank(&comm, nranks, id, rank), comm);
    NCCLCHECK(ncclAllReduce(sendbuff, recvbuff, SIZE, ncclFloat, ncclSum, comm, s), comm);
    CUDACHECK(cudaStreamSynchronize(s));
    // ANCHOR_END: init_and_reduce

    float expected = (float)(nranks * (nranks + 1) / 2);
    CUDACHECK(cudaMemcpy(host, recvbuff, SIZE * sizeof(float), cudaMemcpyDeviceToHost));
    long good = 0;
    for (int k = 0; k < SIZE; ++k) good += host[k] == expected;
    CUDACHECK(cudaFree(sendbuff));
    CUDACHECK(cudaFree(recvbuff));
    CUDACHECK(cudaStreamDestroy(s));
    NCCLCHECK(ncclCommDestroy(comm), NULL);
    free(host);
    printf("rank %d of %d on GPU %d: all-reduce (sum) = %g in %ld of %d elements\n", rank, nranks, rank,
           expected, good, SIZE);
    return good == SIZE ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc == 4) return run_rank(atoi(argv[1]), atoi(argv[2]), atoi(argv[3])); /* a rank */
    // ANCHOR: launch
    // NVLink SHARP's multicast can take a shared machine's GPUs out of service: off, for every rank.
    setenv("NCCL_NVLS_ENABLE", "0", 1);
    int nranks = 0;
    CUDACHECK(cudaGetDeviceCount(&nranks));
    // A free loopback port for rank 0, the system's choice (as torchrun picks one).
    int probe = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = loopback(0);
    socklen_t length = sizeof a;
    SYSCHECK(bind(probe, (struct sockaddr *)&a, sizeof a) == 0, "bind");
    SYSCHECK(getsockname(probe, (struct sockaddr *)&a, &length) == 0, "getsockname");
    char port[16], n[16], rank_text[16];
    snprintf(port, sizeof port, "%d", ntohs(a.sin_port));
    snprintf(n, sizeof n, "%d", nranks);
    close(probe);
    // One process per GPU: this program again, started afresh (exec), because CUDA, once
    // initialized here by cudaGetDeviceCount, cannot be used in a child that fork alone made.
    for (int rank = 0; rank < nranks; ++rank) {
        pid_t pid = fork();
        SYSCHECK(pid >= 0, "fork");
        if (pid == 0) {
            snprintf(rank_text, sizeof rank_text, "%d", rank);
            execl("/proc/self/exe", argv[0], rank_text, n, port, (char *)NULL);
            perror("exec");
            _exit(1);
        }
    }
    int failed = 0, status;
    while (wait(&status) > 0) failed += !WIFEXITED(status) || WEXITSTATUS(status) != 0;
    // ANCHOR_END: launch
    printf(failed ? "launcher: %d ranks failed\n" : "launcher: all ranks succeeded\n", failed);
    return failed != 0;
}
