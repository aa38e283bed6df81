/* The Kauai OpenCL platform from C, through the ICD loader (cc icd_test.c -lOpenCL).
 * Prints one line per check and "N passed, M failed"; exits 1 on any failure. */
#define _POSIX_C_SOURCE 199309L
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static int passed, failed;

#define CHECK(cond, what)                                                          \
    do {                                                                           \
        if (cond) {                                                                \
            passed++;                                                              \
        } else {                                                                   \
            failed++;                                                              \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, what);                  \
        }                                                                          \
    } while (0)
#define CHECK_CODE(expr, code)                                                     \
    do {                                                                           \
        cl_int got_ = (expr);                                                      \
        if (got_ == (code)) {                                                      \
            passed++;                                                              \
        } else {                                                                   \
            failed++;                                                              \
            printf("FAIL %s:%d: %s gave %d, expected %s (%d)\n", __FILE__, __LINE__, \
                   #expr, got_, #code, (code));                                    \
        }                                                                          \
    } while (0)

static const char *SRC =
    "__kernel void scale(__global float *x, float f) { x[get_global_id(0)] *= f; }\n"
    "__kernel void one(__global int *out) { out[0] = 42; }\n"
    "__kernel void oob(__global int *p) { p[get_global_id(0) + 100000000] = 1; }\n";

static int notified, destroyed, completed;

static void CL_CALLBACK on_error(const char *msg, const void *p, size_t n, void *u) {
    (void)p; (void)n; (void)u;
    if (strstr(msg, "oob")) notified++;
}
static void CL_CALLBACK on_destroy(cl_mem m, void *u) { (void)m; (*(int *)u)++; }
static void CL_CALLBACK on_complete(cl_event e, cl_int s, void *u) {
    (void)e;
    if (s == CL_COMPLETE) (*(int *)u)++;
}

struct job { cl_context ctx; cl_device_id dev; cl_program prg; int ok; };

static void *worker(void *arg) {
    struct job *j = arg;
    cl_int err;
    cl_command_queue q = clCreateCommandQueue(j->ctx, j->dev, 0, &err);
    cl_kernel k = clCreateKernel(j->prg, "scale", &err);
    float data[256];
    for (int i = 0; i < 256; i++) data[i] = (float)i;
    cl_mem b = clCreateBuffer(j->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof data, data, &err);
    float f = 2.0f;
    clSetKernelArg(k, 0, sizeof b, &b);
    clSetKernelArg(k, 1, sizeof f, &f);
    size_t g = 256;
    for (int r = 0; r < 10; r++) clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL);
    clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof data, data, 0, NULL, NULL);
    j->ok = 1;
    for (int i = 0; i < 256; i++) j->ok &= data[i] == (float)i * 1024.0f;
    clReleaseMemObject(b);
    clReleaseKernel(k);
    clReleaseCommandQueue(q);
    return NULL;
}

static void run_on(cl_platform_id plat, cl_device_id dev) {
    cl_int err;
    char name[256];
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
    printf("device: %s\n", name);
    cl_device_type ty;
    clGetDeviceInfo(dev, CL_DEVICE_TYPE, sizeof ty, &ty, NULL);
    if (ty == CL_DEVICE_TYPE_GPU) {
        cl_uint wave = 0;
        CHECK_CODE(clGetDeviceInfo(dev, CL_DEVICE_WAVEFRONT_WIDTH_AMD, sizeof wave, &wave, NULL), CL_SUCCESS);
        CHECK(wave == 64, "Cypress runs 64-wide wavefronts");
    }
    CHECK_CODE(clGetDeviceInfo(dev, 0x7fff, sizeof name, name, NULL), CL_INVALID_VALUE);
    size_t small = 0;
    CHECK_CODE(clGetDeviceInfo(dev, CL_DEVICE_NAME, 2, name, &small), CL_INVALID_VALUE);

    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)plat, 0};
    cl_context ctx = clCreateContext(props, 1, &dev, on_error, NULL, &err);
    CHECK_CODE(err, CL_SUCCESS);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK_CODE(err, CL_SUCCESS);
    cl_program prg = clCreateProgramWithSource(ctx, 1, &SRC, NULL, &err);
    CHECK_CODE(clBuildProgram(prg, 1, &dev, "", NULL, NULL), CL_SUCCESS);
    size_t nk = 0;
    CHECK_CODE(clGetProgramInfo(prg, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL), CL_SUCCESS);
    CHECK(nk == 3, "three kernels");
    /* Several strings are one program: the second uses the first's macro and typedef. */
    const char *parts[] = {"#define V 7\ntypedef int T;\n", "__kernel void v(__global T *p) { p[0] = V; }\n"};
    cl_program two = clCreateProgramWithSource(ctx, 2, parts, NULL, &err);
    CHECK_CODE(clBuildProgram(two, 0, NULL, "-Werror", NULL, NULL), CL_SUCCESS);
    char knames[64] = {0};
    CHECK_CODE(clGetProgramInfo(two, CL_PROGRAM_KERNEL_NAMES, sizeof knames, knames, NULL), CL_SUCCESS);
    CHECK(!strcmp(knames, "v"), "the kernel of a two-string program");
    CHECK_CODE(clBuildProgram(two, 0, NULL, "-DV=8", NULL, NULL), CL_SUCCESS); /* rebuild: no kernels yet */
    cl_kernel kv = clCreateKernel(two, "v", &err);
    CHECK_CODE(clBuildProgram(two, 0, NULL, "", NULL, NULL), CL_INVALID_OPERATION); /* a kernel exists */
    clReleaseKernel(kv);
    clReleaseProgram(two);

    float data[64];
    for (int i = 0; i < 64; i++) data[i] = (float)i;
    int destroyed_before = destroyed;
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof data, data, &err);
    CHECK_CODE(err, CL_SUCCESS);
    CHECK_CODE(clSetMemObjectDestructorCallback(buf, on_destroy, &destroyed), CL_SUCCESS);
    cl_kernel k = clCreateKernel(prg, "scale", &err);
    CHECK_CODE(err, CL_SUCCESS);

    /* Argument checks. */
    float f = 3.0f;
    CHECK_CODE(clSetKernelArg(k, 2, sizeof f, &f), CL_INVALID_ARG_INDEX);
    CHECK_CODE(clSetKernelArg(k, 1, sizeof(double), &f), CL_INVALID_ARG_SIZE);
    CHECK_CODE(clSetKernelArg(k, 0, sizeof(cl_mem), &k), CL_INVALID_MEM_OBJECT);
    /* A handle of the wrong type: a buffer where a kernel belongs. */
    CHECK_CODE(clSetKernelArg((cl_kernel)buf, 0, sizeof buf, &buf), CL_INVALID_KERNEL);
    CHECK_CODE(clSetKernelArg(k, 0, sizeof buf, &buf), CL_SUCCESS);
    CHECK_CODE(clSetKernelArg(k, 1, sizeof f, &f), CL_SUCCESS);

    /* NDRange with a NULL local size, then a read with profiling. */
    size_t g = 64;
    cl_event ev;
    CHECK_CODE(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, &ev), CL_SUCCESS);
    CHECK_CODE(clSetEventCallback(ev, CL_COMPLETE, on_complete, &completed), CL_SUCCESS);
    CHECK_CODE(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof data, data, 0, NULL, NULL), CL_SUCCESS);
    int ok = 1;
    for (int i = 0; i < 64; i++) ok &= data[i] == 3.0f * i;
    CHECK(ok, "scale by 3");
    cl_ulong t0 = 0, t1 = 0;
    CHECK_CODE(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL), CL_SUCCESS);
    CHECK_CODE(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL), CL_SUCCESS);
    CHECK(t0 > 0 && t0 <= t1, "profiling timestamps ordered");
    CHECK_CODE(clReleaseEvent(ev), CL_SUCCESS);

    /* clEnqueueTask, and the wait-list rules. */
    int zero = 0;
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero, &zero, &err);
    cl_kernel one = clCreateKernel(prg, "one", &err);
    clSetKernelArg(one, 0, sizeof out, &out);
    CHECK_CODE(clEnqueueTask(q, one, 0, NULL, NULL), CL_SUCCESS);
    CHECK_CODE(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof zero, &zero, 0, NULL, NULL), CL_SUCCESS);
    CHECK(zero == 42, "task wrote 42");
    CHECK_CODE(clEnqueueReadBuffer(q, out, CL_TRUE, 0, 4, &zero, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST);
    CHECK_CODE(clEnqueueReadBuffer(q, out, CL_TRUE, 0, 8, &zero, 0, NULL, NULL), CL_INVALID_VALUE);
    CHECK_CODE(clEnqueueNativeKernel(q, NULL, NULL, 0, 0, NULL, NULL, 0, NULL, NULL), CL_INVALID_OPERATION);

    /* A user event holds a command back; a failed one fails its dependents. */
    cl_event gate = clCreateUserEvent(ctx, &err);
    cl_event rd;
    CHECK_CODE(clEnqueueReadBuffer(q, out, CL_FALSE, 0, 4, &zero, 1, &gate, &rd), CL_SUCCESS);
    cl_int st = 0;
    clGetEventInfo(rd, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
    CHECK(st > CL_COMPLETE, "a gated command has not run");
    CHECK_CODE(clSetUserEventStatus(gate, -1), CL_SUCCESS);
    CHECK_CODE(clWaitForEvents(1, &rd), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    clGetEventInfo(rd, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
    CHECK(st == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, "dependent of a failed event");
    clReleaseEvent(rd);
    clReleaseEvent(gate);

    /* A faulting kernel: negative status, the context callback is told, and the same
     * queue keeps working. */
    cl_kernel bad = clCreateKernel(prg, "oob", &err);
    clSetKernelArg(bad, 0, sizeof out, &out);
    cl_event fe;
    size_t g4 = 4;
    CHECK_CODE(clEnqueueNDRangeKernel(q, bad, 1, NULL, &g4, NULL, 0, NULL, &fe), CL_SUCCESS);
    clWaitForEvents(1, &fe);
    clGetEventInfo(fe, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
    CHECK(st < 0, "a fault ends the event with a negative status");
    CHECK(notified > 0, "the context's pfn_notify heard about the fault");
    clReleaseEvent(fe);
    CHECK_CODE(clEnqueueTask(q, one, 0, NULL, NULL), CL_SUCCESS);
    CHECK_CODE(clFinish(q), CL_SUCCESS);

    /* Threads, each with its own queue on the same context. */
    pthread_t th[3];
    struct job jobs[3];
    for (int i = 0; i < 3; i++) {
        jobs[i] = (struct job){ctx, dev, prg, 0};
        pthread_create(&th[i], NULL, worker, &jobs[i]);
    }
    for (int i = 0; i < 3; i++) {
        pthread_join(th[i], NULL);
        CHECK(jobs[i].ok, "thread results");
    }

    /* Release everything: the buffer is destroyed once its last user is gone. */
    cl_uint refs = 0;
    clGetMemObjectInfo(buf, CL_MEM_REFERENCE_COUNT, sizeof refs, &refs, NULL);
    CHECK(refs == 1, "one reference to the buffer");
    /* `k` still names `buf` as an argument: that does not keep it alive. */
    CHECK_CODE(clReleaseMemObject(buf), CL_SUCCESS);
    CHECK(destroyed == destroyed_before + 1, "the buffer's destructor callback ran");
    CHECK_CODE(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_INVALID_KERNEL_ARGS);
    clReleaseKernel(bad);
    clReleaseKernel(one);
    clReleaseKernel(k);
    clReleaseMemObject(out);
    CHECK_CODE(clReleaseProgram(prg), CL_SUCCESS);
    CHECK_CODE(clReleaseCommandQueue(q), CL_SUCCESS);
    CHECK_CODE(clReleaseContext(ctx), CL_SUCCESS);
}

int main(void) {
    cl_uint n = 0;
    cl_platform_id plats[16];
    clGetPlatformIDs(16, plats, &n);
    cl_platform_id plat = NULL;
    for (cl_uint i = 0; i < n && i < 16; i++) {
        char name[64] = {0};
        clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (!strcmp(name, "Kauai")) plat = plats[i];
    }
    CHECK(plat != NULL, "the Kauai platform is registered");
    if (!plat) {
        printf("%d passed, %d failed\n", passed, failed);
        return 1;
    }
    char version[128];
    clGetPlatformInfo(plat, CL_PLATFORM_VERSION, sizeof version, version, NULL);
    CHECK(!strncmp(version, "OpenCL 1.2 Kauai ", 17), "platform version");
    CHECK_CODE(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ACCELERATOR, 0, NULL, &n), CL_DEVICE_NOT_FOUND);
    cl_device_id cpu, gpu;
    CHECK_CODE(clGetDeviceIDs(plat, CL_DEVICE_TYPE_CPU, 1, &cpu, NULL), CL_SUCCESS);
    CHECK_CODE(clGetDeviceIDs(plat, CL_DEVICE_TYPE_GPU, 1, &gpu, NULL), CL_SUCCESS);
    run_on(plat, cpu);
    run_on(plat, gpu);
    CHECK(completed == 2, "event callbacks ran once each");
    /* Leak check: every object is gone once released (a worker thread may still be
     * letting go of its last command: allow it a moment). */
    typedef cl_uint (*live_fn)(void);
    live_fn live = (live_fn)clGetExtensionFunctionAddressForPlatform(plat, "clGetLiveObjectCountKAUAI");
    CHECK(live != NULL, "the leak-check extension function");
    cl_uint left = 1;
    for (int i = 0; live && i < 1000 && (left = live()) != 0; i++) {
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
    if (left) printf("%u objects still alive\n", left);
    CHECK(left == 0, "no object outlives its last release");
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
