// cudaGetErrorName and cudaGetErrorString for every value from -1 to 10000: one line per
// recognised code ("value name: text"), then the answers for two unrecognised values.
#include <cstdio>

int main() {
    for (int value = -1; value <= 10000; value++) {
        const char *name = cudaGetErrorName((cudaError_t)value);
        const char *text = cudaGetErrorString((cudaError_t)value);
        if (name[0] == 'c') printf("%d %s: %s\n", value, name, text);
    }
    printf("-1: %s / %s\n", cudaGetErrorName((cudaError_t)-1), cudaGetErrorString((cudaError_t)-1));
    printf("30: %s / %s\n", cudaGetErrorName((cudaError_t)30), cudaGetErrorString((cudaError_t)30));
    return 0;
}
