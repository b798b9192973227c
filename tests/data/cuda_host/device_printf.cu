// Device printf: the h and hh length modifiers convert as C does, and output of any length
// is printed whole. argv-free; the test compares the output.
#include <cstdio>
#include <cstring>

__global__ void lengths(int big, int three_hundred, int minus_one, int two_hundred) {
    printf("%hd %hu %hhd %hhu %hx %hhx %hho %hi|%5hhd|%-6hu|\n", big, big, two_hundred, three_hundred, minus_one,
           minus_one, minus_one, minus_one, two_hundred, three_hundred);
    printf("%ld %lld %zu %c%c\n", -5000000000L, 1LL << 40, (size_t)7, 'o', 'k');
}

__global__ void long_output(const char *text) { printf("[%s] [%700d]\n", text, 42); }

int main() {
    lengths<<<1, 1>>>(70000, 300, -1, 200);
    cudaDeviceSynchronize();
    static char text[3000];
    for (int i = 0; i < 2999; i++) text[i] = 'a' + i % 26;
    char *device_text;
    cudaMalloc(&device_text, sizeof text);
    cudaMemcpy(device_text, text, sizeof text, cudaMemcpyHostToDevice);
    long_output<<<1, 1>>>(device_text);
    cudaDeviceSynchronize();
    return 0;
}
