/* An NVTX tool of our own, for tests: an injection library that attaches as a profiler does
 * (InitializeInjectionNvtx2, the export table, each module's slots) and writes every call it
 * gets, one line each, to the file named by NVTX_RECORDER_OUT. Its types are declared here from
 * NVTX 3's nvToolsExt.h and nvtxTypes.h (C's layout of them is what the Rust side must match).
 * NVTX_RECORDER_DECLINE=1: it fills in its slots, then declines to attach (returns 0). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

typedef struct {
    uint16_t version;
    uint16_t size;
    uint32_t category;
    int32_t colorType;
    uint32_t color;
    int32_t payloadType;
    int32_t reserved0;
    union { uint64_t ullValue; int64_t llValue; double dValue; uint32_t uiValue; int32_t iValue; float fValue; } payload;
    int32_t messageType;
    union { const char* ascii; const wchar_t* unicode; void* registered; } message;
} Attributes;

typedef void (*Function)(void);
typedef struct {
    size_t struct_size;
    int (*GetModuleFunctionTable)(int module, Function*** table, unsigned int* size);
} Callbacks;
typedef struct {
    size_t struct_size;
    uint32_t version;
    uint32_t reserved0;
    void (*SetInjectionNvtxVersion)(uint32_t version);
} VersionInfo;
typedef const void* (*GetExportTable)(uint32_t id);

typedef struct { char name[64]; } Domain;

static FILE* out;
static __thread int depth;
static uint64_t next_id;

/* One line, whole: threads calling at once must not interleave a line's text and its end. */
static void record(const char* format, ...) {
    va_list args;
    va_start(args, format);
    flockfile(out);
    vfprintf(out, format, args);
    fputc('\n', out);
    fflush(out);
    funlockfile(out);
    va_end(args);
}

/* Every field of an event's attributes, as C reads them. */
static const char* describe(const Attributes* a) {
    static __thread char text[512];
    char payload[64] = "none";
    if (a->payloadType == 2) snprintf(payload, sizeof payload, "int64:%lld", (long long)a->payload.llValue);
    if (a->payloadType == 3) snprintf(payload, sizeof payload, "double:%g", a->payload.dValue);
    if (a->payloadType == 4) snprintf(payload, sizeof payload, "uint32:%u", a->payload.uiValue);
    snprintf(text, sizeof text, "version=%u size=%u category=%u color=%s%08x payload=%s message=%s",
             a->version, a->size, a->category, a->colorType == 1 ? "argb:" : "none:", a->color, payload,
             a->messageType == 1 ? a->message.ascii : "(not ascii)");
    return text;
}

static void markA(const char* message) { record("mark %s", message); }
static void markEx(const Attributes* a) { record("mark ex %s", describe(a)); }
static int pushA(const char* message) { record("push %s depth=%d", message, depth); return depth++; }
static int pushEx(const Attributes* a) { record("push ex %s depth=%d", describe(a), depth); return depth++; }
static int pop(void) {
    if (depth == 0) { record("pop with no range open"); return -1; }
    --depth;
    record("pop depth=%d", depth);
    return depth;
}
static uint64_t startA(const char* message) {
    uint64_t id = __sync_add_and_fetch(&next_id, 1);
    record("start %s id=%llu", message, (unsigned long long)id);
    return id;
}
static uint64_t startEx(const Attributes* a) {
    uint64_t id = __sync_add_and_fetch(&next_id, 1);
    record("start ex %s id=%llu", describe(a), (unsigned long long)id);
    return id;
}
static void end(uint64_t id) { record("end id=%llu", (unsigned long long)id); }
static void nameThreadA(uint32_t id, const char* name) { record("name thread %u %s", id, name); }
static void nameCategoryA(uint32_t category, const char* name) { record("name category %u %s", category, name); }
static void nameCuContextA(void* context, const char* name) { record("name context %s%s", context ? "" : "(null) ", name); }
static void nameCuDeviceA(int device, const char* name) { record("name device %d %s", device, name); }
static Domain* domainCreateA(const char* name) {
    Domain* domain = calloc(1, sizeof *domain);
    snprintf(domain->name, sizeof domain->name, "%s", name);
    record("domain create %s", name);
    return domain;
}
static void domainDestroy(Domain* domain) { record("domain destroy %s", domain ? domain->name : "(null)"); free(domain); }
static void domainMarkEx(Domain* d, const Attributes* a) { record("domain %s mark %s", d->name, describe(a)); }
static int domainPushEx(Domain* d, const Attributes* a) { record("domain %s push %s depth=%d", d->name, describe(a), depth); return depth++; }
static int domainPop(Domain* d) { --depth; record("domain %s pop depth=%d", d->name, depth); return depth; }
static uint64_t domainStartEx(Domain* d, const Attributes* a) {
    uint64_t id = __sync_add_and_fetch(&next_id, 1);
    record("domain %s start %s id=%llu", d->name, describe(a), (unsigned long long)id);
    return id;
}
static void domainEnd(Domain* d, uint64_t id) { record("domain %s end id=%llu", d->name, (unsigned long long)id); }

#define SET(table, id, function) (*(table)[id] = (Function)(function))

__attribute__((visibility("default"))) int InitializeInjectionNvtx2(GetExportTable getExportTable) {
    const char* path = getenv("NVTX_RECORDER_OUT");
    out = path ? fopen(path, "a") : NULL;
    if (!out) return 0;
    const Callbacks* callbacks = getExportTable(1);
    const VersionInfo* version = getExportTable(3);
    record("init callbacks=%zu version=%u versioninfo=%zu reserved=%s", callbacks->struct_size, version->version,
           version->struct_size, getExportTable(2) ? "table" : "null");
    version->SetInjectionNvtxVersion(3);
    /* Each module's size, as the header's NVTX_CBID_*_SIZE counts (the INVALID id included). */
    unsigned int sizes[8] = {0};
    Function** tables[8] = {0};
    for (int module = 0; module < 8; ++module) {
        if (!callbacks->GetModuleFunctionTable(module, &tables[module], &sizes[module])) sizes[module] = 0;
    }
    record("modules invalid=%u core=%u cuda=%u opencl=%u cudart=%u core2=%u sync=%u none=%u", sizes[0], sizes[1],
           sizes[2], sizes[3], sizes[4], sizes[5], sizes[6], sizes[7]);
    Function** core = tables[1];
    SET(core, 1, markEx);
    SET(core, 2, markA);
    SET(core, 4, startEx);
    SET(core, 5, startA);
    SET(core, 7, end);
    SET(core, 8, pushEx);
    SET(core, 9, pushA);
    SET(core, 11, pop);
    SET(core, 12, nameCategoryA);
    SET(core, 14, nameThreadA);
    SET(tables[2], 1, nameCuDeviceA);
    SET(tables[2], 3, nameCuContextA);
    Function** core2 = tables[5];
    SET(core2, 1, domainMarkEx);
    SET(core2, 2, domainStartEx);
    SET(core2, 3, domainEnd);
    SET(core2, 4, domainPushEx);
    SET(core2, 5, domainPop);
    SET(core2, 12, domainCreateA);
    SET(core2, 14, domainDestroy);
    const char* decline = getenv("NVTX_RECORDER_DECLINE");
    if (decline && strcmp(decline, "1") == 0) {
        record("declined");
        return 0;
    }
    return 1;
}
