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

static const char *IMG_SRC =
    "__kernel void inv(__read_only image2d_t src, __write_only image2d_t dst, sampler_t smp) {\n"
    "    int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
    "    write_imageui(dst, p, (uint4)(255) - read_imageui(src, smp, p));\n"
    "}\n";

#define IMG_CHECK(cond, what) CHECK(cond, "images: " what)

/* Images and samplers: the host device and the IL devices from Evergreen on (`gpu`,
 * Cypress) have them, 7XX (`old`, RV770) does not. Expected values by hand. */
static void images_on(cl_device_id cpu, cl_device_id gpu, cl_device_id old) {
    cl_int err;
    cl_bool support = 2;
    clGetDeviceInfo(cpu, CL_DEVICE_IMAGE_SUPPORT, sizeof support, &support, NULL);
    IMG_CHECK(support == CL_TRUE, "the host device supports images");
    clGetDeviceInfo(gpu, CL_DEVICE_IMAGE_SUPPORT, sizeof support, &support, NULL);
    IMG_CHECK(support == CL_TRUE, "Cypress (Evergreen) supports images");
    if (!old) {
        IMG_CHECK(0, "an RV770 device to test without images (KAUAI_DEVICES=host,cypress,rv770)");
        return;
    }
    support = 2;
    clGetDeviceInfo(old, CL_DEVICE_IMAGE_SUPPORT, sizeof support, &support, NULL);
    IMG_CHECK(support == CL_FALSE, "RV770 (7XX, no write-only images) does not");
    size_t w2 = 0, d3 = 0, nbuf = 0, arr = 0;
    cl_uint nread = 0, nwrite = 0, nsmp = 0;
    clGetDeviceInfo(cpu, CL_DEVICE_IMAGE2D_MAX_WIDTH, sizeof w2, &w2, NULL);
    clGetDeviceInfo(cpu, CL_DEVICE_IMAGE3D_MAX_DEPTH, sizeof d3, &d3, NULL);
    clGetDeviceInfo(cpu, CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, sizeof nbuf, &nbuf, NULL);
    clGetDeviceInfo(cpu, CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, sizeof arr, &arr, NULL);
    clGetDeviceInfo(cpu, CL_DEVICE_MAX_READ_IMAGE_ARGS, sizeof nread, &nread, NULL);
    clGetDeviceInfo(cpu, CL_DEVICE_MAX_WRITE_IMAGE_ARGS, sizeof nwrite, &nwrite, NULL);
    clGetDeviceInfo(cpu, CL_DEVICE_MAX_SAMPLERS, sizeof nsmp, &nsmp, NULL);
    IMG_CHECK(w2 >= 8192 && d3 >= 2048 && nbuf >= 65536 && arr >= 2048, "OpenCL 1.2's minimum sizes");
    IMG_CHECK(nread >= 128 && nwrite >= 8 && nsmp >= 16, "OpenCL 1.2's minimum counts");

    /* A context of a device without images alone has no images. */
    cl_context gctx = clCreateContext(NULL, 1, &old, NULL, NULL, &err);
    cl_image_format fmt = {CL_R, CL_UNSIGNED_INT8};
    cl_image_desc d;
    memset(&d, 0, sizeof d);
    d.image_type = CL_MEM_OBJECT_IMAGE2D;
    d.image_width = 4;
    d.image_height = 2;
    cl_uint nf = 99;
    CHECK_CODE(clGetSupportedImageFormats(gctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &nf), CL_SUCCESS);
    IMG_CHECK(nf == 0, "no formats without a device with images");
    clCreateImage(gctx, CL_MEM_READ_WRITE, &fmt, &d, NULL, &err);
    CHECK_CODE(err, CL_INVALID_OPERATION);
    clCreateSampler(gctx, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err);
    CHECK_CODE(err, CL_INVALID_OPERATION);
    clReleaseContext(gctx);

    cl_context ctx = clCreateContext(NULL, 1, &cpu, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueue(ctx, cpu, 0, &err);
    CHECK_CODE(clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &nf), CL_SUCCESS);
    cl_image_format fmts[256];
    cl_uint got = 0;
    CHECK_CODE(clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE3D, 256, fmts, &got), CL_SUCCESS);
    int rgba8 = 0;
    for (cl_uint i = 0; i < got && i < 256; i++)
        rgba8 |= fmts[i].image_channel_order == CL_RGBA && fmts[i].image_channel_data_type == CL_UNORM_INT8;
    IMG_CHECK(nf == got && rgba8, "the formats include the minimum list's RGBA UNORM_INT8");
    CHECK_CODE(clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY, CL_MEM_OBJECT_BUFFER, 0, NULL, &nf), CL_INVALID_VALUE);
    CHECK_CODE(clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, 0, fmts, &nf), CL_INVALID_VALUE);

    /* clCreateImage's errors. */
    unsigned char host[12] = {1, 2, 3, 4, 99, 99, 5, 6, 7, 8, 99, 99};
    cl_image_format rgb8 = {CL_RGB, CL_UNORM_INT8}, rgb565 = {CL_RGB, CL_UNORM_SHORT_565};
    cl_image_format nonsense = {0x1234, CL_FLOAT}, bgra_f = {CL_BGRA, CL_FLOAT};
    clCreateImage(ctx, CL_MEM_READ_WRITE, NULL, &d, NULL, &err);
    CHECK_CODE(err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    clCreateImage(ctx, CL_MEM_READ_WRITE, &rgb8, &d, NULL, &err);
    CHECK_CODE(err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    clCreateImage(ctx, CL_MEM_READ_WRITE, &nonsense, &d, NULL, &err);
    CHECK_CODE(err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    clCreateImage(ctx, CL_MEM_READ_WRITE, &bgra_f, &d, NULL, &err);
    CHECK_CODE(err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    /* Packed RGB 5-6-5: two bytes a pixel. */
    cl_mem m565 = clCreateImage(ctx, CL_MEM_READ_WRITE, &rgb565, &d, NULL, &err);
    CHECK_CODE(err, CL_SUCCESS);
    size_t es565 = 0;
    CHECK_CODE(clGetImageInfo(m565, CL_IMAGE_ELEMENT_SIZE, sizeof es565, &es565, NULL), CL_SUCCESS);
    IMG_CHECK(es565 == 2, "a CL_UNORM_SHORT_565 pixel is 2 bytes");
    CHECK_CODE(clReleaseMemObject(m565), CL_SUCCESS);
    clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, NULL, NULL, &err);
    CHECK_CODE(err, CL_INVALID_IMAGE_DESCRIPTOR);
    clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, &fmt, &d, NULL, &err);
    CHECK_CODE(err, CL_INVALID_VALUE);
    d.image_width = 0;
    clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &d, NULL, &err);
    CHECK_CODE(err, CL_INVALID_IMAGE_DESCRIPTOR);
    d.image_width = w2 + 1;
    clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &d, NULL, &err);
    CHECK_CODE(err, CL_INVALID_IMAGE_SIZE);
    d.image_width = 4;
    d.num_mip_levels = 1;
    clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &d, NULL, &err);
    CHECK_CODE(err, CL_INVALID_IMAGE_DESCRIPTOR);
    d.num_mip_levels = 0;
    clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &d, host, &err);
    CHECK_CODE(err, CL_INVALID_HOST_PTR); /* host_ptr without COPY/USE */
    clCreateImage(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &fmt, &d, NULL, &err);
    CHECK_CODE(err, CL_INVALID_HOST_PTR);
    d.image_row_pitch = 6;
    clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &d, NULL, &err);
    CHECK_CODE(err, CL_INVALID_IMAGE_DESCRIPTOR); /* a pitch without host_ptr */
    d.image_row_pitch = 3;
    clCreateImage(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &fmt, &d, host, &err);
    CHECK_CODE(err, CL_INVALID_IMAGE_DESCRIPTOR); /* a pitch shorter than a row */
    clCreateImage2D(ctx, CL_MEM_READ_WRITE, &fmt, 0, 2, 0, NULL, &err);
    CHECK_CODE(err, CL_INVALID_IMAGE_SIZE);
    clCreateImage3D(ctx, CL_MEM_READ_WRITE, &fmt, 4, 2, 1, 0, 0, NULL, &err);
    CHECK_CODE(err, CL_INVALID_IMAGE_SIZE); /* 1.1: a 3-D image is deeper than 1 */

    /* A 4x2 image from host rows 6 bytes apart. */
    d.image_row_pitch = 6;
    cl_mem src = clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &fmt, &d, host, &err);
    CHECK_CODE(err, CL_SUCCESS);
    d.image_row_pitch = 0;
    cl_mem dst = clCreateImage(ctx, CL_MEM_WRITE_ONLY, &fmt, &d, NULL, &err);
    CHECK_CODE(err, CL_SUCCESS);
    cl_mem hidden = clCreateImage(ctx, CL_MEM_HOST_NO_ACCESS, &fmt, &d, NULL, &err);
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 8, NULL, &err);
    size_t v = 0;
    CHECK_CODE(clGetImageInfo(src, CL_IMAGE_ROW_PITCH, sizeof v, &v, NULL), CL_SUCCESS);
    IMG_CHECK(v == 4, "the image's row pitch is its own");
    clGetImageInfo(src, CL_IMAGE_HEIGHT, sizeof v, &v, NULL);
    IMG_CHECK(v == 2, "height");
    clGetImageInfo(src, CL_IMAGE_DEPTH, sizeof v, &v, NULL);
    IMG_CHECK(v == 0, "a 2-D image has depth 0");
    clGetImageInfo(src, CL_IMAGE_ELEMENT_SIZE, sizeof v, &v, NULL);
    IMG_CHECK(v == 1, "element size");
    cl_image_format back = {0, 0};
    clGetImageInfo(src, CL_IMAGE_FORMAT, sizeof back, &back, NULL);
    IMG_CHECK(back.image_channel_order == CL_R && back.image_channel_data_type == CL_UNSIGNED_INT8, "format");
    cl_mem_object_type mt = 0;
    clGetMemObjectInfo(src, CL_MEM_TYPE, sizeof mt, &mt, NULL);
    IMG_CHECK(mt == CL_MEM_OBJECT_IMAGE2D, "CL_MEM_TYPE");
    CHECK_CODE(clGetImageInfo(buf, CL_IMAGE_WIDTH, sizeof v, &v, NULL), CL_INVALID_MEM_OBJECT);

    /* Reads, with the region and pitch rules. */
    size_t o0[3] = {0, 0, 0}, whole[3] = {4, 2, 1};
    unsigned char out[16] = {0};
    CHECK_CODE(clEnqueueReadImage(q, src, CL_TRUE, o0, whole, 0, 0, out, 0, NULL, NULL), CL_SUCCESS);
    IMG_CHECK(out[0] == 1 && out[3] == 4 && out[4] == 5 && out[7] == 8, "the pitch skipped the padding");
    size_t o11[3] = {1, 1, 0}, two[3] = {2, 1, 1};
    CHECK_CODE(clEnqueueReadImage(q, src, CL_TRUE, o11, two, 0, 0, out, 0, NULL, NULL), CL_SUCCESS);
    IMG_CHECK(out[0] == 6 && out[1] == 7, "a read at an origin");
    size_t wide[3] = {5, 2, 1}, deep[3] = {4, 2, 2};
    CHECK_CODE(clEnqueueReadImage(q, src, CL_TRUE, o0, wide, 0, 0, out, 0, NULL, NULL), CL_INVALID_VALUE);
    CHECK_CODE(clEnqueueReadImage(q, src, CL_TRUE, o0, deep, 0, 0, out, 0, NULL, NULL), CL_INVALID_VALUE);
    CHECK_CODE(clEnqueueReadImage(q, src, CL_TRUE, o0, whole, 3, 0, out, 0, NULL, NULL), CL_INVALID_VALUE);
    CHECK_CODE(clEnqueueReadImage(q, src, CL_TRUE, o0, whole, 0, 8, out, 0, NULL, NULL), CL_INVALID_VALUE);
    CHECK_CODE(clEnqueueReadImage(q, src, CL_TRUE, o0, whole, 0, 0, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
    CHECK_CODE(clEnqueueReadImage(q, src, CL_TRUE, NULL, whole, 0, 0, out, 0, NULL, NULL), CL_INVALID_VALUE);
    CHECK_CODE(clEnqueueReadImage(q, buf, CL_TRUE, o0, whole, 0, 0, out, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
    CHECK_CODE(clEnqueueReadImage(q, hidden, CL_TRUE, o0, whole, 0, 0, out, 0, NULL, NULL), CL_INVALID_OPERATION);
    CHECK_CODE(clEnqueueReadBuffer(q, src, CL_TRUE, 0, 4, out, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);

    /* Samplers. */
    clCreateSampler(ctx, CL_FALSE, CL_ADDRESS_REPEAT, CL_FILTER_NEAREST, &err);
    CHECK_CODE(err, CL_INVALID_VALUE); /* repeat needs normalized coordinates */
    clCreateSampler(ctx, CL_TRUE, 0x9999, CL_FILTER_NEAREST, &err);
    CHECK_CODE(err, CL_INVALID_VALUE);
    cl_sampler smp = clCreateSampler(ctx, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err);
    CHECK_CODE(err, CL_SUCCESS);
    cl_uint am = 0, refs = 0;
    clGetSamplerInfo(smp, CL_SAMPLER_ADDRESSING_MODE, sizeof am, &am, NULL);
    IMG_CHECK(am == CL_ADDRESS_CLAMP, "the sampler's addressing mode");
    CHECK_CODE(clRetainSampler(smp), CL_SUCCESS);
    clGetSamplerInfo(smp, CL_SAMPLER_REFERENCE_COUNT, sizeof refs, &refs, NULL);
    IMG_CHECK(refs == 2, "retained sampler");
    CHECK_CODE(clReleaseSampler(smp), CL_SUCCESS);
    CHECK_CODE(clGetSamplerInfo((cl_sampler)src, CL_SAMPLER_CONTEXT, sizeof v, &v, NULL), CL_INVALID_SAMPLER);

    /* A kernel with images and a sampler, and clSetKernelArg's image rules. */
    cl_program prg = clCreateProgramWithSource(ctx, 1, &IMG_SRC, NULL, &err);
    CHECK_CODE(clBuildProgram(prg, 1, &cpu, "", NULL, NULL), CL_SUCCESS);
    cl_kernel k = clCreateKernel(prg, "inv", &err);
    CHECK_CODE(err, CL_SUCCESS);
    CHECK_CODE(clSetKernelArg(k, 0, sizeof dst, &dst), CL_INVALID_ARG_VALUE); /* write-only image read */
    CHECK_CODE(clSetKernelArg(k, 1, sizeof src, &src), CL_INVALID_ARG_VALUE); /* read-only image written */
    CHECK_CODE(clSetKernelArg(k, 0, sizeof buf, &buf), CL_INVALID_MEM_OBJECT);
    CHECK_CODE(clSetKernelArg(k, 0, 4, &src), CL_INVALID_ARG_SIZE);
    CHECK_CODE(clSetKernelArg(k, 2, sizeof src, &src), CL_INVALID_SAMPLER);
    CHECK_CODE(clSetKernelArg(k, 2, 4, &smp), CL_INVALID_ARG_SIZE);
    cl_kernel_arg_access_qualifier aq = 0;
    clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof aq, &aq, NULL);
    IMG_CHECK(aq == CL_KERNEL_ARG_ACCESS_WRITE_ONLY, "access qualifier");
    CHECK_CODE(clSetKernelArg(k, 0, sizeof src, &src), CL_SUCCESS);
    CHECK_CODE(clSetKernelArg(k, 1, sizeof dst, &dst), CL_SUCCESS);
    CHECK_CODE(clSetKernelArg(k, 2, sizeof smp, &smp), CL_SUCCESS);
    size_t g2[2] = {4, 2};
    CHECK_CODE(clEnqueueNDRangeKernel(q, k, 2, NULL, g2, NULL, 0, NULL, NULL), CL_SUCCESS);

    /* Copies: image to image (and the overlap and format rules), image to buffer. */
    size_t o21[3] = {2, 1, 0}, o10[3] = {1, 0, 0};
    CHECK_CODE(clEnqueueCopyImage(q, src, dst, o0, o21, two, 0, NULL, NULL), CL_SUCCESS);
    CHECK_CODE(clEnqueueCopyImage(q, src, src, o0, o10, two, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
    cl_image_format rgba = {CL_RGBA, CL_UNORM_INT8};
    d.image_width = 2;
    cl_mem color = clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba, &d, NULL, &err);
    CHECK_CODE(clEnqueueCopyImage(q, src, color, o0, o0, two, 0, NULL, NULL), CL_IMAGE_FORMAT_MISMATCH);
    CHECK_CODE(clEnqueueCopyImageToBuffer(q, dst, buf, o0, whole, 1, 0, NULL, NULL), CL_INVALID_VALUE);
    CHECK_CODE(clEnqueueCopyImageToBuffer(q, dst, buf, o0, whole, 0, 0, NULL, NULL), CL_SUCCESS);
    CHECK_CODE(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 8, out, 0, NULL, NULL), CL_SUCCESS);
    const unsigned char want[8] = {254, 253, 252, 251, 250, 249, 1, 2};
    IMG_CHECK(!memcmp(out, want, 8), "255 - x by the kernel, then two pixels copied in");
    CHECK_CODE(clEnqueueCopyBufferToImage(q, buf, src, 0, o0, whole, 0, NULL, NULL), CL_SUCCESS);
    CHECK_CODE(clEnqueueReadImage(q, src, CL_TRUE, o0, whole, 0, 0, out, 0, NULL, NULL), CL_SUCCESS);
    IMG_CHECK(!memcmp(out, want, 8), "a buffer copied to an image");

    /* Fill: (1, 0.5, 0, 0.25) in UNORM_INT8 is 255, 128 (127.5 rounds to even), 0, 64. */
    float fc[4] = {1.0f, 0.5f, 0.0f, 0.25f};
    size_t o01[3] = {0, 1, 0}, row1[3] = {2, 1, 1};
    CHECK_CODE(clEnqueueFillImage(q, color, fc, o01, row1, 0, NULL, NULL), CL_SUCCESS);
    CHECK_CODE(clEnqueueFillImage(q, color, NULL, o01, row1, 0, NULL, NULL), CL_INVALID_VALUE);
    size_t cw[3] = {2, 2, 1}, rp = 0, sp = 7;
    unsigned char *mp = clEnqueueMapImage(q, color, CL_TRUE, CL_MAP_READ, o0, cw, &rp, &sp, 0, NULL, NULL, &err);
    CHECK_CODE(err, CL_SUCCESS);
    IMG_CHECK(mp && rp == 8 && sp == 0, "a mapped 2-D image: row pitch 8, slice pitch 0");
    if (mp) {
        IMG_CHECK(mp[0] == 0 && mp[8] == 255 && mp[9] == 128 && mp[10] == 0 && mp[11] == 64 && mp[15] == 64,
                  "the fill colour as UNORM_INT8");
        CHECK_CODE(clEnqueueUnmapMemObject(q, color, mp, 0, NULL, NULL), CL_SUCCESS);
    }
    clEnqueueMapImage(q, color, CL_TRUE, CL_MAP_READ, o0, cw, NULL, &sp, 0, NULL, NULL, &err);
    CHECK_CODE(err, CL_INVALID_VALUE);
    CHECK_CODE(clFinish(q), CL_SUCCESS);

    /* Host access flags, an image of another type, and a queue of a device without
     * images in a context that has them. */
    cl_mem ro = clCreateImage(ctx, CL_MEM_HOST_READ_ONLY, &fmt, &d, NULL, &err);
    CHECK_CODE(clEnqueueWriteImage(q, ro, CL_TRUE, o0, two, 0, 0, out, 0, NULL, NULL), CL_INVALID_OPERATION);
    clEnqueueMapImage(q, hidden, CL_TRUE, CL_MAP_READ, o0, two, &rp, NULL, 0, NULL, NULL, &err);
    CHECK_CODE(err, CL_INVALID_OPERATION);
    cl_image_desc dv;
    memset(&dv, 0, sizeof dv);
    dv.image_type = CL_MEM_OBJECT_IMAGE3D;
    dv.image_width = dv.image_height = dv.image_depth = 2;
    cl_mem vol = clCreateImage(ctx, CL_MEM_READ_ONLY, &fmt, &dv, NULL, &err);
    CHECK_CODE(err, CL_SUCCESS);
    CHECK_CODE(clSetKernelArg(k, 0, sizeof vol, &vol), CL_INVALID_ARG_VALUE); /* image3d for image2d_t */
    cl_device_id both[2] = {cpu, old};
    cl_context mixed = clCreateContext(NULL, 2, both, NULL, NULL, &err);
    cl_command_queue gq = clCreateCommandQueue(mixed, old, 0, &err);
    cl_mem mimg = clCreateImage(mixed, CL_MEM_READ_WRITE, &fmt, &d, NULL, &err);
    CHECK_CODE(err, CL_SUCCESS); /* the context has a device with images */
    CHECK_CODE(clEnqueueReadImage(gq, mimg, CL_TRUE, o0, two, 0, 0, out, 0, NULL, NULL), CL_INVALID_OPERATION);
    clReleaseMemObject(mimg);
    clReleaseCommandQueue(gq);
    clReleaseContext(mixed);
    clReleaseMemObject(vol);
    clReleaseMemObject(ro);

    clReleaseKernel(k);
    clReleaseProgram(prg);
    CHECK_CODE(clReleaseSampler(smp), CL_SUCCESS);
    clReleaseMemObject(color);
    clReleaseMemObject(buf);
    clReleaseMemObject(hidden);
    clReleaseMemObject(dst);
    clReleaseMemObject(src);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
}

/* cl_khr_il_program: a frozen SPIR-V module (clang-14 + llvm-spirv-14 from
 * filetests/run/algorithms/saxpy.cl; the program runs from the repository root) through
 * clCreateProgramWithILKHR, found by name as applications find it. */
#define SPV_PATH "filetests/spirv/algorithms_saxpy.spv"
#define IL_CHECK(cond, what) CHECK(cond, "IL: " what)

static void il_on(cl_platform_id plat, cl_device_id dev) {
    cl_int err;
    static char text[4096];
    clGetPlatformInfo(plat, CL_PLATFORM_EXTENSIONS, sizeof text, text, NULL);
    IL_CHECK(strstr(text, "cl_khr_il_program") != NULL, "the platform names cl_khr_il_program");
    clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof text, text, NULL);
    IL_CHECK(strstr(text, "cl_khr_il_program") != NULL, "the device names cl_khr_il_program");
    CHECK_CODE(clGetDeviceInfo(dev, CL_DEVICE_IL_VERSION_KHR, sizeof text, text, NULL), CL_SUCCESS);
    IL_CHECK(!strcmp(text, "SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2"), "CL_DEVICE_IL_VERSION_KHR");

    clCreateProgramWithILKHR_fn create =
        (clCreateProgramWithILKHR_fn)clGetExtensionFunctionAddressForPlatform(plat, "clCreateProgramWithILKHR");
    IL_CHECK(create != NULL, "clCreateProgramWithILKHR through the platform");
    /* (ocl-icd's clGetExtensionFunctionAddress asks a vendor only for names ending in its
     * suffix, so that path is the ffi module's unit test.) */
    if (!create) return;

    static unsigned char spv[65536];
    size_t len = 0;
    FILE *f = fopen(SPV_PATH, "rb");
    IL_CHECK(f != NULL, "open " SPV_PATH " (run from the repository root)");
    if (!f) return;
    len = fread(spv, 1, sizeof spv, f);
    fclose(f);
    IL_CHECK(len > 20 && len < sizeof spv, "read the SPIR-V module");

    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
    cl_program prg = create(ctx, spv, len, &err);
    CHECK_CODE(err, CL_SUCCESS);
    CHECK_CODE(clBuildProgram(prg, 1, &dev, "", NULL, NULL), CL_SUCCESS);
    size_t got = 0;
    CHECK_CODE(clGetProgramInfo(prg, CL_PROGRAM_IL_KHR, sizeof text, text, &got), CL_SUCCESS);
    IL_CHECK(got == len && !memcmp(text, spv, len), "CL_PROGRAM_IL_KHR is the module");
    CHECK_CODE(clGetProgramInfo(prg, CL_PROGRAM_SOURCE, sizeof text, text, &got), CL_SUCCESS);
    IL_CHECK(got == 1 && text[0] == 0, "a program from IL has no source");

    /* saxpy: y = a x + y with a = 2.5, x = 0..15, y = 1, so y_i = 2.5 i + 1 (exact). */
    cl_kernel k = clCreateKernel(prg, "saxpy", &err);
    CHECK_CODE(err, CL_SUCCESS);
    float x[16], y[16], a = 2.5f;
    for (int i = 0; i < 16; i++) { x[i] = (float)i; y[i] = 1.0f; }
    cl_mem bx = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof x, x, &err);
    cl_mem by = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof y, y, &err);
    CHECK_CODE(clSetKernelArg(k, 0, sizeof a, &a), CL_SUCCESS);
    CHECK_CODE(clSetKernelArg(k, 1, sizeof bx, &bx), CL_SUCCESS);
    CHECK_CODE(clSetKernelArg(k, 2, sizeof by, &by), CL_SUCCESS);
    size_t g = 16, l = 4;
    CHECK_CODE(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
    CHECK_CODE(clEnqueueReadBuffer(q, by, CL_TRUE, 0, sizeof y, y, 0, NULL, NULL), CL_SUCCESS);
    int ok = 1;
    for (int i = 0; i < 16; i++) ok &= y[i] == 2.5f * (float)i + 1.0f;
    IL_CHECK(ok, "saxpy from SPIR-V computed 2.5 i + 1");

    /* The extension's errors. */
    cl_program bad = create(NULL, spv, len, &err);
    IL_CHECK(bad == NULL, "no program without a context");
    CHECK_CODE(err, CL_INVALID_CONTEXT);
    create(ctx, NULL, len, &err);
    CHECK_CODE(err, CL_INVALID_VALUE);
    create(ctx, spv, 0, &err);
    CHECK_CODE(err, CL_INVALID_VALUE);
    create(ctx, SRC, strlen(SRC), &err); /* OpenCL C is not SPIR-V */
    CHECK_CODE(err, CL_INVALID_VALUE);
    create(ctx, spv, len - 1, &err); /* not a whole number of words */
    CHECK_CODE(err, CL_INVALID_VALUE);
    /* A cut module is SPIR-V by its header: its error is the build's, in the log. */
    bad = create(ctx, spv, 24, &err);
    CHECK_CODE(err, CL_SUCCESS);
    CHECK_CODE(clBuildProgram(bad, 1, &dev, "", NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
    text[0] = 0;
    clGetProgramBuildInfo(bad, dev, CL_PROGRAM_BUILD_LOG, sizeof text, text, NULL);
    IL_CHECK(strstr(text, "<il>") != NULL, "the build log names the module");
    clReleaseProgram(bad);
    cl_program src = clCreateProgramWithSource(ctx, 1, &SRC, NULL, &err);
    CHECK_CODE(clGetProgramInfo(src, CL_PROGRAM_IL_KHR, 0, NULL, &got), CL_SUCCESS);
    IL_CHECK(got == 0, "a program from source has no IL");
    clReleaseProgram(src);

    clReleaseMemObject(bx);
    clReleaseMemObject(by);
    clReleaseKernel(k);
    clReleaseProgram(prg);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
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
    cl_device_id cpu, gpu, gpus[2] = {NULL, NULL};
    cl_uint ngpus = 0;
    CHECK_CODE(clGetDeviceIDs(plat, CL_DEVICE_TYPE_CPU, 1, &cpu, NULL), CL_SUCCESS);
    CHECK_CODE(clGetDeviceIDs(plat, CL_DEVICE_TYPE_GPU, 2, gpus, &ngpus), CL_SUCCESS);
    gpu = gpus[0];
    run_on(plat, cpu);
    run_on(plat, gpu);
    images_on(cpu, gpu, ngpus > 1 ? gpus[1] : NULL);
    il_on(plat, cpu);
    il_on(plat, gpu);
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
