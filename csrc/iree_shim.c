// Implementation of iree_shim.h. Every IREE call is checked; every failure
// travels as an iree_status_t to exactly one place (shim_error_from_status)
// that turns it into an owned message for the caller.
#include "iree_shim.h"

#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "iree/base/tooling/flags.h"
#include "iree/io/formats/parser_registry.h"
#include "iree/io/parameter_index.h"
#include "iree/io/parameter_index_provider.h"
#include "iree/modules/hal/types.h"
#include "iree/modules/io/parameters/module.h"
#include "iree/runtime/api.h"

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

struct shim_error_t {
  int32_t code;
  char* message;
};

// Returned when memory runs out while reporting an error, so that a failure
// is never mistaken for success (NULL). Never freed.
static shim_error_t shim_oom_error = {
    IREE_STATUS_RESOURCE_EXHAUSTED,
    (char*)"out of memory while reporting an error"};

static shim_error_t* shim_error_allocate(int32_t code, const char* text,
                                         size_t length) {
  shim_error_t* error = (shim_error_t*)malloc(sizeof(*error));
  char* message = (char*)malloc(length + 1);
  if (!error || !message) {
    free(error);
    free(message);
    return &shim_oom_error;
  }
  memcpy(message, text, length);
  message[length] = 0;
  error->code = code;
  error->message = message;
  return error;
}

// Consumes |status|. Returns NULL for OK.
static shim_error_t* shim_error_from_status(iree_status_t status) {
  if (iree_status_is_ok(status)) return NULL;
  int32_t code = (int32_t)iree_status_code(status);
  char* text = NULL;
  iree_host_size_t length = 0;
  shim_error_t* error = NULL;
  iree_allocator_t allocator = iree_allocator_system();
  if (iree_status_to_string(status, &allocator, &text, &length)) {
    error = shim_error_allocate(code, text, length);
    iree_allocator_free(allocator, text);
  } else {
    const char* name = iree_status_code_string(iree_status_code(status));
    error = shim_error_allocate(code, name, strlen(name));
  }
  iree_status_ignore(status);
  return error;
}

int32_t shim_error_code(const shim_error_t* error) {
  return error ? error->code : 0;
}

const char* shim_error_message(const shim_error_t* error) {
  return error ? error->message : "";
}

void shim_error_free(shim_error_t* error) {
  if (!error || error == &shim_oom_error) return;
  free(error->message);
  free(error);
}

#define SHIM_CHECK_ARG(cond, ...)                                          \
  if (!(cond)) {                                                           \
    return shim_error_from_status(                                         \
        iree_make_status(IREE_STATUS_INVALID_ARGUMENT, __VA_ARGS__));      \
  }

//===----------------------------------------------------------------------===//
// CUDA context
//===----------------------------------------------------------------------===//

// IREE's CUDA driver makes its context current only on the thread that creates
// the device: on an H200 (IREE 3.13), a call made from another thread failed in
// cuda_allocator.c with CUDA_ERROR_INVALID_CONTEXT. The engine creates the
// device on one thread and steps it on another, so every entry point that
// reaches the device first makes the device's context current on the calling
// thread. The context is the one current right after the device is created.
// IREE's driver has already loaded libcuda by then, so RTLD_NOLOAD finds it
// (and on other devices finds nothing); no CUDA headers are needed.
// The profiler switches (cuProfilerStart/Stop) are resolved beside them for
// shim_runtime_profiler; either may be NULL in a driver without them.
typedef int (*shim_cu_get_current_fn)(void** context);
typedef int (*shim_cu_set_current_fn)(void* context);
typedef int (*shim_cu_profiler_fn)(void);

typedef struct {
  void* context;  // NULL: not a CUDA device, nothing to do
  shim_cu_get_current_fn get_current;
  shim_cu_set_current_fn set_current;
  shim_cu_profiler_fn profiler_start;
  shim_cu_profiler_fn profiler_stop;
} shim_device_context_t;

static shim_device_context_t shim_device_context_capture(void) {
  shim_device_context_t none = {NULL, NULL, NULL, NULL, NULL};
  void* cuda = dlopen("libcuda.so", RTLD_LAZY | RTLD_NOLOAD);
  if (!cuda) cuda = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD);
  if (!cuda) return none;
  shim_device_context_t c = {
      NULL, (shim_cu_get_current_fn)dlsym(cuda, "cuCtxGetCurrent"),
      (shim_cu_set_current_fn)dlsym(cuda, "cuCtxSetCurrent"),
      (shim_cu_profiler_fn)dlsym(cuda, "cuProfilerStart"),
      (shim_cu_profiler_fn)dlsym(cuda, "cuProfilerStop")};
  // The handle only pins a library IREE keeps loaded anyway.
  dlclose(cuda);
  if (!c.get_current || !c.set_current || c.get_current(&c.context) != 0) {
    return none;
  }
  return c;
}

static iree_status_t shim_device_context_enter(const shim_device_context_t* c) {
  if (!c->context) return iree_ok_status();
  void* current = NULL;
  if (c->get_current(&current) == 0 && current == c->context) {
    return iree_ok_status();
  }
  int result = c->set_current(c->context);
  if (result != 0) {
    return iree_make_status(IREE_STATUS_INTERNAL,
                            "cuCtxSetCurrent failed with CUDA error %d",
                            result);
  }
  return iree_ok_status();
}

//===----------------------------------------------------------------------===//
// Runtime
//===----------------------------------------------------------------------===//

struct shim_runtime_t {
  iree_runtime_instance_t* instance;
  iree_hal_device_t* device;
  shim_device_context_t context;
};

// Every runtime in the process shares one IREE instance. IREE keeps each VM
// type's registration in a process-wide variable that creating an instance
// first zeroes and then sets again, so an instance created while another one
// runs can make that one's calls fail with "ref type mismatch".
static pthread_mutex_t shim_instance_mutex = PTHREAD_MUTEX_INITIALIZER;
static iree_runtime_instance_t* shim_instance = NULL;
static size_t shim_instance_users = 0;

static iree_status_t shim_instance_acquire(iree_runtime_instance_t** out) {
  iree_status_t status = iree_ok_status();
  pthread_mutex_lock(&shim_instance_mutex);
  if (!shim_instance) {
    iree_runtime_instance_options_t options;
    iree_runtime_instance_options_initialize(&options);
    iree_runtime_instance_options_use_all_available_drivers(&options);
    status = iree_runtime_instance_create(&options, iree_allocator_system(),
                                          &shim_instance);
  }
  if (iree_status_is_ok(status)) {
    ++shim_instance_users;
    *out = shim_instance;
  }
  pthread_mutex_unlock(&shim_instance_mutex);
  return status;
}

static void shim_instance_release(void) {
  pthread_mutex_lock(&shim_instance_mutex);
  if (--shim_instance_users == 0) {
    iree_runtime_instance_release(shim_instance);
    shim_instance = NULL;
  }
  pthread_mutex_unlock(&shim_instance_mutex);
}

// IREE keeps pointers into the strings of string-valued flags, so each flag's
// text is copied into this list, kept (reachable) for the life of the process:
// a few bytes per flag. Guarded by shim_instance_mutex.
static char** shim_flag_texts = NULL;
static size_t shim_flag_text_count = 0;

static char* shim_flag_keep(const char* flag) {
  char** grown = (char**)realloc(
      shim_flag_texts, (shim_flag_text_count + 1) * sizeof(char*));
  if (!grown) return NULL;
  shim_flag_texts = grown;
  char* copy = strdup(flag);
  if (copy) shim_flag_texts[shim_flag_text_count++] = copy;
  return copy;
}

static iree_status_t shim_flags_parse(const char* const* flags, size_t count) {
  char** argv = (char**)calloc(count + 2, sizeof(char*));
  if (!argv) {
    return iree_make_status(IREE_STATUS_RESOURCE_EXHAUSTED, "flag list");
  }
  argv[0] = (char*)"llm";
  for (size_t i = 0; i < count; ++i) {
    if (!flags[i]) {
      free(argv);
      return iree_make_status(IREE_STATUS_INVALID_ARGUMENT, "flag %zu is null",
                              i);
    }
    if (!(argv[i + 1] = shim_flag_keep(flags[i]))) {
      free(argv);
      return iree_make_status(IREE_STATUS_RESOURCE_EXHAUSTED, "flag copy");
    }
  }
  int argc = (int)count + 1;
  char** parsed = argv;
  // CONTINUE_AFTER_HELP: `--help` must not exit the process; it stays in the
  // list and is refused below like any other leftover.
  iree_status_t status = iree_flags_parse(
      IREE_FLAGS_PARSE_MODE_CONTINUE_AFTER_HELP, &argc, &parsed);
  if (iree_status_is_ok(status) && argc > 1) {
    status = iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                              "'%s' is not an IREE runtime flag", parsed[1]);
  }
  free(argv);
  return status;
}

shim_error_t* shim_runtime_flags(const char* const* flags, size_t count) {
  SHIM_CHECK_ARG(count == 0 || flags, "null flags");
  pthread_mutex_lock(&shim_instance_mutex);
  iree_status_t status = shim_flags_parse(flags, count);
  pthread_mutex_unlock(&shim_instance_mutex);
  return shim_error_from_status(status);
}

static iree_status_t shim_runtime_init(const char* device_uri,
                                       shim_runtime_t* runtime) {
  IREE_RETURN_IF_ERROR(shim_instance_acquire(&runtime->instance));
  IREE_RETURN_IF_ERROR(iree_runtime_instance_try_create_default_device(
      runtime->instance, iree_make_cstring_view(device_uri),
      &runtime->device));
  runtime->context = shim_device_context_capture();
  return iree_ok_status();
}

shim_error_t* shim_runtime_create(const char* device_uri,
                                  shim_runtime_t** out_runtime) {
  SHIM_CHECK_ARG(device_uri && out_runtime, "null argument");
  shim_runtime_t* runtime = (shim_runtime_t*)calloc(1, sizeof(*runtime));
  if (!runtime) {
    return shim_error_from_status(
        iree_make_status(IREE_STATUS_RESOURCE_EXHAUSTED, "runtime alloc"));
  }
  iree_status_t status = shim_runtime_init(device_uri, runtime);
  if (!iree_status_is_ok(status)) {
    shim_runtime_free(runtime);
    return shim_error_from_status(status);
  }
  *out_runtime = runtime;
  return NULL;
}

shim_error_t* shim_runtime_profiler(shim_runtime_t* runtime, bool collect) {
  SHIM_CHECK_ARG(runtime, "null runtime");
  const shim_device_context_t* c = &runtime->context;
  if (!c->context) return NULL;
  iree_status_t status = shim_device_context_enter(c);
  if (!iree_status_is_ok(status)) return shim_error_from_status(status);
  const char* name = collect ? "cuProfilerStart" : "cuProfilerStop";
  shim_cu_profiler_fn call = collect ? c->profiler_start : c->profiler_stop;
  int result = call ? call() : -1;
  if (result != 0) {
    status = iree_make_status(IREE_STATUS_INTERNAL,
                              "%s failed with CUDA error %d", name, result);
  }
  return shim_error_from_status(status);
}

void shim_runtime_free(shim_runtime_t* runtime) {
  if (!runtime) return;
  // A failure leaves IREE to report its own errors while releasing.
  iree_status_ignore(shim_device_context_enter(&runtime->context));
  iree_hal_device_release(runtime->device);
  if (runtime->instance) shim_instance_release();
  free(runtime);
}

//===----------------------------------------------------------------------===//
// Parameter files
//===----------------------------------------------------------------------===//

// Unmaps a host-allocation handle's memory; user_data carries the mapped
// length, which for a resident copy is the file size rounded up to whole huge
// pages.
static void shim_munmap_release(void* user_data,
                                iree_io_file_handle_primitive_t primitive) {
  size_t length = (size_t)(uintptr_t)user_data;
  void* data = primitive.value.host_allocation.data;
  if (data) munmap(data, length);
}

// Opens |path| and returns its descriptor and size; an empty file is an
// error because no model has zero weights.
static iree_status_t shim_open_sized(const char* path, int* out_fd,
                                     size_t* out_size) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return iree_make_status(iree_status_code_from_errno(errno),
                            "cannot open parameter file '%s': %s", path,
                            strerror(errno));
  }
  struct stat info;
  if (fstat(fd, &info) != 0) {
    int err = errno;
    close(fd);
    return iree_make_status(iree_status_code_from_errno(err),
                            "cannot stat parameter file '%s': %s", path,
                            strerror(err));
  }
  if (info.st_size == 0) {
    close(fd);
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "parameter file '%s' is empty", path);
  }
  *out_fd = fd;
  *out_size = (size_t)info.st_size;
  return iree_ok_status();
}

// Maps the whole file read-only and wraps it as a host-allocation handle, so
// local devices can import the weights without copying them.
static iree_status_t shim_open_mapped_file(const char* path,
                                           iree_io_file_handle_t** out_handle) {
  int fd = -1;
  size_t size = 0;
  IREE_RETURN_IF_ERROR(shim_open_sized(path, &fd, &size));
  void* data = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
  int map_errno = errno;
  close(fd);
  if (data == MAP_FAILED) {
    return iree_make_status(iree_status_code_from_errno(map_errno),
                            "cannot map parameter file '%s': %s", path,
                            strerror(map_errno));
  }
  iree_byte_span_t span = iree_make_byte_span(data, size);
  iree_io_file_handle_release_callback_t release = {shim_munmap_release,
                                                    (void*)(uintptr_t)size};
  iree_status_t status = iree_io_file_handle_wrap_host_allocation(
      IREE_IO_FILE_ACCESS_READ, span, release, iree_allocator_system(),
      out_handle);
  if (!iree_status_is_ok(status)) munmap(data, span.data_length);
  return status;
}

// The huge-page size the resident copy is aligned to (x86-64 and arm64 THP).
#define SHIM_HUGE_PAGE_BYTES ((size_t)2 << 20)

static size_t shim_round_up_huge(size_t bytes) {
  return (bytes + SHIM_HUGE_PAGE_BYTES - 1) & ~(SHIM_HUGE_PAGE_BYTES - 1);
}

// Maps |length| bytes of anonymous memory at a huge-page boundary by
// over-mapping and trimming both ends.
static iree_status_t shim_map_huge_aligned(size_t length, uint8_t** out_data) {
  size_t padded = length + SHIM_HUGE_PAGE_BYTES;
  void* raw = mmap(NULL, padded, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) {
    return iree_make_status(iree_status_code_from_errno(errno),
                            "cannot map %zu bytes for parameters: %s", length,
                            strerror(errno));
  }
  uintptr_t start = (uintptr_t)raw;
  uintptr_t aligned = (uintptr_t)shim_round_up_huge((size_t)start);
  size_t head = aligned - start;
  size_t tail = padded - head - length;
  if (head) munmap(raw, head);
  if (tail) munmap((void*)(aligned + length), tail);
#ifdef MADV_HUGEPAGE
  // Advisory: a kernel without transparent huge pages answers EINVAL and the
  // copy simply stays on small pages, so the result is deliberately unused.
  (void)madvise((void*)aligned, length, MADV_HUGEPAGE);
#endif
  *out_data = (uint8_t*)aligned;
  return iree_ok_status();
}

static iree_status_t shim_read_fully(int fd, const char* path, uint8_t* data,
                                     size_t size) {
  size_t done = 0;
  while (done < size) {
    ssize_t got = pread(fd, data + done, size - done, (off_t)done);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      int err = got < 0 ? errno : EIO;
      return iree_make_status(iree_status_code_from_errno(err),
                              "cannot read parameter file '%s' at byte %zu: %s",
                              path, done, got < 0 ? strerror(err)
                                                  : "unexpected end of file");
    }
    done += (size_t)got;
  }
  return iree_ok_status();
}

// Copies the whole file into huge-page-backed anonymous memory, seals it
// read-only and wraps it as a host-allocation handle that local devices
// import without a further copy.
static iree_status_t shim_open_resident_file(
    const char* path, iree_io_file_handle_t** out_handle) {
  int fd = -1;
  size_t size = 0;
  IREE_RETURN_IF_ERROR(shim_open_sized(path, &fd, &size));
  size_t length = shim_round_up_huge(size);
  uint8_t* data = NULL;
  iree_status_t status = shim_map_huge_aligned(length, &data);
  if (iree_status_is_ok(status)) {
    status = shim_read_fully(fd, path, data, size);
  }
  close(fd);
  if (iree_status_is_ok(status) && mprotect(data, length, PROT_READ) != 0) {
    status = iree_make_status(iree_status_code_from_errno(errno),
                              "cannot seal parameters of '%s': %s", path,
                              strerror(errno));
  }
  if (iree_status_is_ok(status)) {
    iree_io_file_handle_release_callback_t release = {
        shim_munmap_release, (void*)(uintptr_t)length};
    status = iree_io_file_handle_wrap_host_allocation(
        IREE_IO_FILE_ACCESS_READ, iree_make_byte_span(data, size), release,
        iree_allocator_system(), out_handle);
  }
  if (!iree_status_is_ok(status) && data) munmap(data, length);
  return status;
}

static iree_status_t shim_open_parameter_file(
    const char* path, shim_parameter_mode_e mode,
    iree_io_file_handle_t** out_handle) {
  iree_io_file_mode_t file_mode =
      IREE_IO_FILE_MODE_READ | IREE_IO_FILE_MODE_SHARE_READ;
  switch (mode) {
    case SHIM_PARAMETER_MODE_MMAP:
      return shim_open_mapped_file(path, out_handle);
    case SHIM_PARAMETER_MODE_PRELOAD:
      return iree_io_file_handle_preload(file_mode,
                                         iree_make_cstring_view(path),
                                         iree_allocator_system(), out_handle);
    case SHIM_PARAMETER_MODE_FILE:
      return iree_io_file_handle_open(file_mode | IREE_IO_FILE_MODE_ASYNC,
                                      iree_make_cstring_view(path),
                                      iree_allocator_system(), out_handle);
    case SHIM_PARAMETER_MODE_RESIDENT:
      return shim_open_resident_file(path, out_handle);
  }
  return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                          "unknown parameter mode %d", (int)mode);
}

// Builds an io_parameters VM module serving |path| under |scope|.
static iree_status_t shim_create_parameters_module(
    iree_runtime_instance_t* instance, const shim_session_options_t* options,
    iree_vm_module_t** out_module) {
  iree_allocator_t allocator = iree_allocator_system();
  iree_io_file_handle_t* file = NULL;
  IREE_RETURN_IF_ERROR(shim_open_parameter_file(
      options->parameter_path, options->parameter_mode, &file));
  iree_io_parameter_index_t* index = NULL;
  iree_status_t status = iree_io_parameter_index_create(allocator, &index);
  if (iree_status_is_ok(status)) {
    status = iree_io_parse_file_index(
        iree_make_cstring_view(options->parameter_path), file, index,
        allocator);
  }
  iree_io_parameter_provider_t* provider = NULL;
  if (iree_status_is_ok(status)) {
    const char* scope =
        options->parameter_scope ? options->parameter_scope : "";
    status = iree_io_parameter_index_provider_create(
        iree_make_cstring_view(scope), index,
        IREE_IO_PARAMETER_INDEX_PROVIDER_DEFAULT_MAX_CONCURRENT_OPERATIONS,
        allocator, &provider);
  }
  if (iree_status_is_ok(status)) {
    status = iree_io_parameters_module_create(
        iree_runtime_instance_vm_instance(instance), 1, &provider, allocator,
        out_module);
  }
  iree_io_parameter_provider_release(provider);
  iree_io_parameter_index_release(index);
  iree_io_file_handle_release(file);
  return status;
}

//===----------------------------------------------------------------------===//
// Session
//===----------------------------------------------------------------------===//

struct shim_session_t {
  iree_runtime_session_t* session;
  iree_hal_device_t* device;  // retained
  shim_device_context_t context;
  // Guards the queue state below; calls already hold the caller's lock, this
  // one keeps the shim safe for C callers too.
  pthread_mutex_t queue_mutex;
  // Where results that the host cannot map are copied before they are read
  // (see shim_read_outputs); grown to the largest step's results, kept for
  // the session.
  iree_hal_buffer_t* staging;  // NULL until a result needs it
  // The session's timeline: each fenced call and each batch of result copies
  // signals its next value (see shim_queue_next).
  iree_hal_semaphore_t* timeline;  // NULL until needed, or after a failure
  uint64_t timeline_value;  // the last value queued work signals
  uint64_t reached_value;   // the last value the host knows is reached
  bool stage_results;  // see shim_session_options_t
};

static iree_status_t shim_session_append_parameters(
    shim_runtime_t* runtime, const shim_session_options_t* options,
    iree_runtime_session_t* session) {
  if (!options->parameter_path) return iree_ok_status();
  iree_vm_module_t* module = NULL;
  IREE_RETURN_IF_ERROR(
      shim_create_parameters_module(runtime->instance, options, &module));
  iree_status_t status = iree_runtime_session_append_module(session, module);
  iree_vm_module_release(module);
  return status;
}

static iree_status_t shim_session_init(shim_runtime_t* runtime,
                                       const shim_session_options_t* options,
                                       iree_runtime_session_t** out_session) {
  iree_runtime_session_options_t session_options;
  iree_runtime_session_options_initialize(&session_options);
  IREE_RETURN_IF_ERROR(iree_runtime_session_create_with_device(
      runtime->instance, &session_options, runtime->device,
      iree_runtime_instance_host_allocator(runtime->instance), out_session));
  iree_status_t status =
      shim_session_append_parameters(runtime, options, *out_session);
  for (size_t i = 0; i < options->module_count && iree_status_is_ok(status);
       ++i) {
    const char* path = options->module_paths[i];
    status = iree_runtime_session_append_bytecode_module_from_file(
        *out_session, path);
    if (!iree_status_is_ok(status)) {
      status = iree_status_annotate_f(status, "loading module '%s'", path);
    }
  }
  if (!iree_status_is_ok(status)) {
    iree_runtime_session_release(*out_session);
    *out_session = NULL;
  }
  return status;
}

// A fence at the session timeline's next value, for work about to be queued.
static iree_status_t shim_queue_next(shim_session_t* session,
                                     iree_hal_fence_t** out_fence) {
  if (!session->timeline) {
    IREE_RETURN_IF_ERROR(iree_hal_semaphore_create(
        session->device, IREE_HAL_QUEUE_AFFINITY_ANY, 0ull,
        IREE_HAL_SEMAPHORE_FLAG_DEFAULT, &session->timeline));
    session->timeline_value = 0;
    session->reached_value = 0;
  }
  return iree_hal_fence_create_at(
      session->timeline, ++session->timeline_value,
      iree_hal_device_host_allocator(session->device), out_fence);
}

// Forgets the timeline after a failure: a failed semaphore stays failed, and
// work a failed call queued may still signal a value the next fence skips.
static void shim_queue_abandon(shim_session_t* session) {
  iree_hal_semaphore_release(session->timeline);
  session->timeline = NULL;
}

// Waits on the host until |timeline| reaches |value| (0: nothing to wait for)
// and notes it reached. A failure abandons the session's timeline if it is
// still that one.
static iree_status_t shim_queue_wait(shim_session_t* session,
                                     iree_hal_semaphore_t* timeline,
                                     uint64_t value) {
  if (value == 0 || !timeline) return iree_ok_status();
  iree_status_t status = iree_hal_semaphore_wait(
      timeline, value, iree_infinite_timeout(), IREE_ASYNC_WAIT_FLAG_NONE);
  if (timeline != session->timeline) return status;
  if (!iree_status_is_ok(status)) {
    shim_queue_abandon(session);
  } else if (value > session->reached_value) {
    session->reached_value = value;
  }
  return status;
}

// Whether work the session queued may still be running: the host has not
// seen the timeline reach its last value.
static bool shim_queue_busy(const shim_session_t* session) {
  return session->timeline &&
         session->reached_value < session->timeline_value;
}

// The fence a call waits on: the last value the session's queued work
// signals, or none when the host has seen all of it done (a call after a
// read, the usual case).
static iree_status_t shim_queue_after(shim_session_t* session,
                                      iree_hal_fence_t** out_fence) {
  *out_fence = NULL;
  if (!shim_queue_busy(session)) return iree_ok_status();
  return iree_hal_fence_create_at(
      session->timeline, session->timeline_value,
      iree_hal_device_host_allocator(session->device), out_fence);
}

shim_error_t* shim_session_create(shim_runtime_t* runtime,
                                  const shim_session_options_t* options,
                                  shim_session_t** out_session) {
  SHIM_CHECK_ARG(runtime && options && out_session, "null argument");
  SHIM_CHECK_ARG(options->module_count == 0 || options->module_paths,
                 "module_paths is null");
  shim_session_t* session = (shim_session_t*)calloc(1, sizeof(*session));
  if (!session) {
    return shim_error_from_status(
        iree_make_status(IREE_STATUS_RESOURCE_EXHAUSTED, "session alloc"));
  }
  session->context = runtime->context;
  pthread_mutex_init(&session->queue_mutex, NULL);
  iree_status_t status = shim_device_context_enter(&session->context);
  if (iree_status_is_ok(status)) {
    status = shim_session_init(runtime, options, &session->session);
  }
  if (!iree_status_is_ok(status)) {
    pthread_mutex_destroy(&session->queue_mutex);
    free(session);
    return shim_error_from_status(status);
  }
  session->device = runtime->device;
  session->stage_results = options->stage_results;
  iree_hal_device_retain(session->device);
  *out_session = session;
  return NULL;
}

void shim_session_free(shim_session_t* session) {
  if (!session) return;
  iree_status_ignore(shim_device_context_enter(&session->context));
  iree_hal_semaphore_release(session->timeline);
  iree_hal_buffer_release(session->staging);
  pthread_mutex_destroy(&session->queue_mutex);
  iree_runtime_session_release(session->session);
  iree_hal_device_release(session->device);
  free(session);
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

struct shim_tensor_t {
  iree_hal_buffer_view_t* view;
  // Its session's, so that freeing it on any thread reaches its device.
  shim_device_context_t context;
};

static iree_status_t shim_element_type(shim_dtype_e dtype,
                                       iree_hal_element_type_t* out_type) {
  switch (dtype) {
    case SHIM_DTYPE_I32:
      *out_type = IREE_HAL_ELEMENT_TYPE_INT_32;
      return iree_ok_status();
    case SHIM_DTYPE_I64:
      *out_type = IREE_HAL_ELEMENT_TYPE_INT_64;
      return iree_ok_status();
    case SHIM_DTYPE_F32:
      *out_type = IREE_HAL_ELEMENT_TYPE_FLOAT_32;
      return iree_ok_status();
  }
  return iree_make_status(IREE_STATUS_INVALID_ARGUMENT, "unknown dtype %d",
                          (int)dtype);
}

// Whether the host can read and write the buffer's memory in place.
static bool shim_buffer_mappable(iree_hal_buffer_t* buffer) {
  return iree_all_bits_set(iree_hal_buffer_memory_type(buffer),
                           IREE_HAL_MEMORY_TYPE_HOST_VISIBLE) &&
         iree_all_bits_set(iree_hal_buffer_allowed_usage(buffer),
                           IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED);
}

// Inputs up to this size live in host memory the device reads (see
// shim_tensor_allocate); larger ones (a [B, V] logits input) are read many
// times by their graph and stay in device memory.
#define SHIM_PINNED_INPUT_BYTES ((size_t)64 << 10)

// The most results a call may return (the engine's graphs return one or two),
// so that reading them needs no allocation.
#define SHIM_MAX_RESULTS 16

static iree_status_t shim_tensor_allocate(shim_session_t* session,
                                          shim_dtype_e dtype, size_t rank,
                                          const int64_t* shape,
                                          const void* data, size_t data_bytes,
                                          iree_hal_buffer_view_t** out_view) {
  iree_hal_element_type_t element_type = IREE_HAL_ELEMENT_TYPE_NONE;
  IREE_RETURN_IF_ERROR(shim_element_type(dtype, &element_type));
  if (rank > SHIM_MAX_RANK) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "rank %zu exceeds %d", rank, SHIM_MAX_RANK);
  }
  iree_hal_dim_t dims[SHIM_MAX_RANK];
  uint64_t elements = 1;
  for (size_t i = 0; i < rank; ++i) {
    if (shape[i] < 0) {
      return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                              "negative dimension %" PRId64 " at %zu",
                              shape[i], i);
    }
    dims[i] = (iree_hal_dim_t)shape[i];
    elements *= (uint64_t)shape[i];
  }
  uint64_t expected = elements * iree_hal_element_dense_byte_count(element_type);
  if (expected != data_bytes) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "tensor data is %zu bytes, shape needs %" PRIu64,
                            data_bytes, expected);
  }
  iree_hal_buffer_params_t params = {
      .type = IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
      .usage = IREE_HAL_BUFFER_USAGE_DEFAULT,
  };
  if (session->context.context && data_bytes <= SHIM_PINNED_INPUT_BYTES) {
    // A small input on a CUDA device lives in pinned host memory the device
    // reads in place, so rewriting it each step is a memcpy: a device-local
    // buffer takes a queued copy and a wait per write. On an H200 those
    // waits made most of a decode step.
    params.type = IREE_HAL_MEMORY_TYPE_HOST_LOCAL |
                  IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE;
    params.usage |= IREE_HAL_BUFFER_USAGE_MAPPING;
  }
  return iree_hal_buffer_view_allocate_buffer_copy(
      session->device, iree_runtime_session_device_allocator(session->session),
      rank, dims, element_type, IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR, params,
      iree_make_const_byte_span(data, data_bytes), out_view);
}

shim_error_t* shim_tensor_create(shim_session_t* session, shim_dtype_e dtype,
                                 size_t rank, const int64_t* shape,
                                 const void* data, size_t data_bytes,
                                 shim_tensor_t** out_tensor) {
  SHIM_CHECK_ARG(session && out_tensor, "null argument");
  SHIM_CHECK_ARG(rank == 0 || shape, "shape is null");
  SHIM_CHECK_ARG(data_bytes == 0 || data, "data is null");
  shim_tensor_t* tensor = (shim_tensor_t*)calloc(1, sizeof(*tensor));
  if (!tensor) {
    return shim_error_from_status(
        iree_make_status(IREE_STATUS_RESOURCE_EXHAUSTED, "tensor alloc"));
  }
  tensor->context = session->context;
  iree_status_t status = shim_device_context_enter(&session->context);
  if (iree_status_is_ok(status)) {
    status = shim_tensor_allocate(session, dtype, rank, shape, data,
                                  data_bytes, &tensor->view);
  }
  if (!iree_status_is_ok(status)) {
    free(tensor);
    return shim_error_from_status(status);
  }
  *out_tensor = tensor;
  return NULL;
}

shim_error_t* shim_tensor_write(shim_session_t* session, shim_tensor_t* tensor,
                                const void* data, size_t data_bytes) {
  SHIM_CHECK_ARG(session && tensor, "null argument");
  SHIM_CHECK_ARG(data_bytes == 0 || data, "data is null");
  iree_device_size_t size = iree_hal_buffer_view_byte_length(tensor->view);
  SHIM_CHECK_ARG(size == data_bytes,
                 "tensor holds %" PRIu64 " bytes, write has %zu",
                 (uint64_t)size, data_bytes);
  if (data_bytes == 0) return NULL;
  iree_status_t entered = shim_device_context_enter(&session->context);
  if (!iree_status_is_ok(entered)) return shim_error_from_status(entered);
  iree_hal_buffer_t* buffer = iree_hal_buffer_view_buffer(tensor->view);
  if (shim_buffer_mappable(buffer)) {
    // Calls wait for their results, so no device work still reads it.
    return shim_error_from_status(
        iree_hal_buffer_map_write(buffer, 0, data, data_bytes));
  }
  return shim_error_from_status(iree_hal_device_transfer_h2d(
      session->device, data, buffer, 0, data_bytes,
      IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT, iree_infinite_timeout()));
}

void shim_tensor_free(shim_tensor_t* tensor) {
  if (!tensor) return;
  iree_status_ignore(shim_device_context_enter(&tensor->context));
  iree_hal_buffer_view_release(tensor->view);
  free(tensor);
}

shim_error_t* shim_tensor_describe(const shim_tensor_t* tensor,
                                   shim_dtype_e* out_dtype, size_t* out_rank,
                                   int64_t* shape) {
  SHIM_CHECK_ARG(tensor && out_dtype && out_rank && shape, "null argument");
  iree_hal_element_type_t type =
      iree_hal_buffer_view_element_type(tensor->view);
  const shim_dtype_e dtypes[] = {SHIM_DTYPE_I32, SHIM_DTYPE_I64,
                                 SHIM_DTYPE_F32};
  bool known = false;
  for (size_t i = 0; i < sizeof(dtypes) / sizeof(dtypes[0]); ++i) {
    iree_hal_element_type_t candidate = IREE_HAL_ELEMENT_TYPE_NONE;
    iree_status_ignore(shim_element_type(dtypes[i], &candidate));
    if (candidate == type) {
      *out_dtype = dtypes[i];
      known = true;
    }
  }
  SHIM_CHECK_ARG(known, "tensor has element type 0x%08x", (unsigned)type);
  size_t rank = iree_hal_buffer_view_shape_rank(tensor->view);
  SHIM_CHECK_ARG(rank <= SHIM_MAX_RANK, "tensor has rank %zu > %d", rank,
                 SHIM_MAX_RANK);
  for (size_t d = 0; d < rank; ++d) {
    shape[d] = (int64_t)iree_hal_buffer_view_shape_dim(tensor->view, d);
  }
  *out_rank = rank;
  return NULL;
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

struct shim_function_t {
  shim_session_t* session;  // unowned: the caller keeps it alive
  iree_runtime_call_t call;
  iree_string_view_t declaration;
  // The caller's tensors; a fenced function takes two fences after them.
  iree_host_size_t argument_count;
  iree_host_size_t result_count;
  // Compiled with --iree-execution-model=async-external (the "coarse-fences"
  // ABI): the call queues its work after a wait fence and returns, and the
  // work signals a fence when done, so the host waits once per step, not
  // inside the call and again for each result.
  bool fenced;
};

static iree_status_t shim_function_init(shim_session_t* session,
                                        const char* name,
                                        shim_function_t* function) {
  function->session = session;
  IREE_RETURN_IF_ERROR(iree_runtime_call_initialize_by_name(
      session->session, iree_make_cstring_view(name), &function->call));
  function->declaration = iree_vm_function_lookup_attr_by_name(
      &function->call.function, IREE_SV("iree.abi.declaration"));
  iree_vm_function_signature_t signature =
      iree_vm_function_signature(&function->call.function);
  iree_status_t status = iree_vm_function_call_count_arguments_and_results(
      &signature, &function->argument_count, &function->result_count);
  iree_string_view_t model = iree_vm_function_lookup_attr_by_name(
      &function->call.function, IREE_SV("iree.abi.model"));
  function->fenced = iree_string_view_equal(model, IREE_SV("coarse-fences"));
  if (iree_status_is_ok(status) && function->fenced) {
    if (function->argument_count < 2) {
      status = iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                                "function '%s' declares coarse fences but "
                                "takes %zu arguments",
                                name, (size_t)function->argument_count);
    } else {
      function->argument_count -= 2;
    }
  }
  if (!iree_status_is_ok(status)) {
    iree_runtime_call_deinitialize(&function->call);
  }
  return status;
}

shim_error_t* shim_function_lookup(shim_session_t* session, const char* name,
                                   shim_function_t** out_function) {
  SHIM_CHECK_ARG(session && name && out_function, "null argument");
  shim_function_t* function = (shim_function_t*)calloc(1, sizeof(*function));
  if (!function) {
    return shim_error_from_status(
        iree_make_status(IREE_STATUS_RESOURCE_EXHAUSTED, "function alloc"));
  }
  iree_status_t status = shim_function_init(session, name, function);
  if (!iree_status_is_ok(status)) {
    free(function);
    return shim_error_from_status(status);
  }
  *out_function = function;
  return NULL;
}

void shim_function_signature(const shim_function_t* function,
                             const char** out_declaration,
                             size_t* out_declaration_length,
                             size_t* out_argument_count,
                             size_t* out_result_count) {
  if (!function) return;
  if (out_declaration) *out_declaration = function->declaration.data;
  if (out_declaration_length) {
    *out_declaration_length = function->declaration.size;
  }
  if (out_argument_count) *out_argument_count = function->argument_count;
  if (out_result_count) *out_result_count = function->result_count;
}

bool shim_function_fenced(const shim_function_t* function) {
  return function && function->fenced;
}

void shim_function_free(shim_function_t* function) {
  if (!function) return;
  iree_status_ignore(shim_device_context_enter(&function->session->context));
  iree_runtime_call_deinitialize(&function->call);
  free(function);
}

// Staging buffers: pinned host memory the device writes results into and that
// the CPU reads cached. IREE's own read path (iree_hal_device_transfer_d2h)
// allocates a staging buffer per call, without HOST_CACHED, which CUDA maps
// write-combined. On an H200 that made reading one 196 KB row of logits take
// about 11 ms (the allocation, the free, and uncached reads), most of a
// SmolLM2 decode step. So a pending call takes the session's spare buffer and
// gives it back when freed: with one call in flight at a time one buffer
// serves every call, and with two (a call queued while the one before still
// runs) two buffers take turns. Nothing is allocated per call once they exist.
static iree_status_t shim_staging_take(shim_session_t* session,
                                       iree_device_size_t length,
                                       iree_hal_buffer_t** out_buffer) {
  iree_hal_buffer_t* spare = session->staging;
  if (spare && iree_hal_buffer_byte_length(spare) >= length) {
    session->staging = NULL;
    *out_buffer = spare;
    return iree_ok_status();
  }
  iree_device_size_t size = 64 * 1024;
  while (size < length) size *= 2;
  const iree_hal_buffer_params_t params = {
      .type = IREE_HAL_MEMORY_TYPE_HOST_LOCAL |
              IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE |
              IREE_HAL_MEMORY_TYPE_HOST_CACHED,
      .usage = IREE_HAL_BUFFER_USAGE_TRANSFER | IREE_HAL_BUFFER_USAGE_MAPPING,
  };
  return iree_hal_allocator_allocate_buffer(
      iree_runtime_session_device_allocator(session->session), params, size,
      out_buffer);
}

// Keeps the larger of |buffer| and the session's spare as the spare.
static void shim_staging_give_back(shim_session_t* session,
                                   iree_hal_buffer_t* buffer) {
  if (!buffer) return;
  iree_hal_buffer_t* spare = session->staging;
  if (spare &&
      iree_hal_buffer_byte_length(spare) >= iree_hal_buffer_byte_length(buffer)) {
    iree_hal_buffer_release(buffer);
    return;
  }
  iree_hal_buffer_release(spare);
  session->staging = buffer;
}

// Checks one result against the caller's expectation (dtype, capacity) and
// fills in its shape and length.
static iree_status_t shim_describe_output(iree_hal_buffer_view_t* view,
                                          size_t index,
                                          shim_host_output_t* output) {
  iree_hal_element_type_t expected = IREE_HAL_ELEMENT_TYPE_NONE;
  IREE_RETURN_IF_ERROR(shim_element_type(output->dtype, &expected));
  iree_hal_element_type_t actual = iree_hal_buffer_view_element_type(view);
  if (actual != expected) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "result %zu has element type 0x%08x, caller "
                            "expects 0x%08x",
                            index, (unsigned)actual, (unsigned)expected);
  }
  size_t rank = iree_hal_buffer_view_shape_rank(view);
  if (rank > SHIM_MAX_RANK) {
    return iree_make_status(IREE_STATUS_OUT_OF_RANGE,
                            "result %zu has rank %zu > %d", index, rank,
                            SHIM_MAX_RANK);
  }
  iree_device_size_t length = iree_hal_buffer_view_byte_length(view);
  if (length > output->capacity_bytes) {
    return iree_make_status(IREE_STATUS_OUT_OF_RANGE,
                            "result %zu is %" PRIu64
                            " bytes, host buffer holds %zu",
                            index, (uint64_t)length, output->capacity_bytes);
  }
  output->rank = rank;
  for (size_t d = 0; d < rank; ++d) {
    output->shape[d] = (int64_t)iree_hal_buffer_view_shape_dim(view, d);
  }
  output->byte_length = (size_t)length;
  return iree_ok_status();
}

// Whether the host reads a result where it lies: host memory already (the CPU
// devices), one copy and no device work.
static bool shim_read_in_place(const shim_session_t* session,
                               iree_hal_buffer_t* buffer) {
  return !session->stage_results && shim_buffer_mappable(buffer);
}

// Where each staged result starts in the staging buffer.
#define SHIM_STAGING_ALIGNMENT ((iree_device_size_t)256)

static iree_device_size_t shim_staging_offset(iree_device_size_t end) {
  return (end + SHIM_STAGING_ALIGNMENT - 1) & ~(SHIM_STAGING_ALIGNMENT - 1);
}

// A call whose results are queued or ready, and the copies that bring them to
// the host.
struct shim_pending_t {
  shim_session_t* session;  // unowned: the caller keeps it alive
  size_t count;
  iree_hal_buffer_view_t* views[SHIM_MAX_RESULTS];
  // The timeline the values below are on (retained), and the value at which
  // the results can be read: the copies' value when there are copies, the
  // call's own when every result is read in place, 0 when the call returned
  // with its results ready (the synchronous model).
  iree_hal_semaphore_t* timeline;
  uint64_t ready_value;
  // Where results the host cannot map are copied; NULL when none are.
  iree_hal_buffer_t* staging;
  iree_device_size_t offsets[SHIM_MAX_RESULTS];
  bool read;
};

// Marks |pending|'s results readable once the session's timeline reaches the
// value it just queued.
static void shim_pending_ready_at_last(shim_pending_t* pending) {
  shim_session_t* session = pending->session;
  if (pending->timeline != session->timeline) {
    iree_hal_semaphore_release(pending->timeline);
    pending->timeline = session->timeline;
    iree_hal_semaphore_retain(pending->timeline);
  }
  pending->ready_value = session->timeline_value;
}

// Queues one command buffer that copies every result the host cannot map into
// a staging buffer of |pending|'s own, after |ready| (NULL: at once), and sets
// the pending call's ready value to the copies'. One submit for all results,
// where IREE's transfer_d2h submits and waits once per result.
static iree_status_t shim_queue_staged_copies(shim_pending_t* pending,
                                              iree_hal_fence_t* ready) {
  shim_session_t* session = pending->session;
  iree_hal_transfer_command_t copies[SHIM_MAX_RESULTS];
  size_t copy_count = 0;
  iree_device_size_t end = 0;
  for (size_t i = 0; i < pending->count; ++i) {
    iree_hal_buffer_view_t* view = pending->views[i];
    iree_hal_buffer_t* buffer = iree_hal_buffer_view_buffer(view);
    iree_device_size_t length = iree_hal_buffer_view_byte_length(view);
    if (shim_read_in_place(session, buffer) || length == 0) continue;
    pending->offsets[i] = shim_staging_offset(end);
    end = pending->offsets[i] + length;
    copies[copy_count++] = (iree_hal_transfer_command_t){
        .type = IREE_HAL_TRANSFER_COMMAND_TYPE_COPY,
        .copy = {.source_buffer = buffer,
                 .source_offset = 0,
                 .target_offset = pending->offsets[i],
                 .length = length},
    };
  }
  if (copy_count == 0) return iree_ok_status();
  IREE_RETURN_IF_ERROR(shim_staging_take(session, end, &pending->staging));
  for (size_t c = 0; c < copy_count; ++c) {
    copies[c].copy.target_buffer = pending->staging;
  }
  iree_hal_command_buffer_t* commands = NULL;
  IREE_RETURN_IF_ERROR(iree_hal_create_transfer_command_buffer(
      session->device, IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT,
      IREE_HAL_QUEUE_AFFINITY_ANY, copy_count, copies, &commands));
  iree_hal_fence_t* done = NULL;
  iree_status_t status = shim_queue_next(session, &done);
  if (iree_status_is_ok(status)) {
    status = iree_hal_device_queue_execute(
        session->device, IREE_HAL_QUEUE_AFFINITY_ANY,
        iree_hal_fence_semaphore_list(ready),
        iree_hal_fence_semaphore_list(done), commands,
        iree_hal_buffer_binding_table_empty(), IREE_HAL_EXECUTE_FLAG_NONE);
  }
  iree_hal_command_buffer_release(commands);
  iree_hal_fence_release(done);
  if (iree_status_is_ok(status)) {
    shim_pending_ready_at_last(pending);
  } else {
    shim_queue_abandon(session);
  }
  return status;
}

// Waits once for the call (or its copies) and reads every result into the
// caller's buffers.
static iree_status_t shim_read_outputs(shim_pending_t* pending,
                                       shim_host_output_t* outputs,
                                       size_t count) {
  if (pending->read) {
    return iree_make_status(IREE_STATUS_FAILED_PRECONDITION,
                            "the call's results were read already");
  }
  if (count != pending->count) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "function returns %zu results, caller gave %zu",
                            pending->count, count);
  }
  for (size_t i = 0; i < count; ++i) {
    IREE_RETURN_IF_ERROR(
        shim_describe_output(pending->views[i], i, &outputs[i]));
  }
  shim_session_t* session = pending->session;
  pending->read = true;
  iree_status_t status =
      shim_queue_wait(session, pending->timeline, pending->ready_value);
  for (size_t i = 0; i < count && iree_status_is_ok(status); ++i) {
    size_t length = outputs[i].byte_length;
    if (length == 0) continue;
    iree_hal_buffer_t* buffer = iree_hal_buffer_view_buffer(pending->views[i]);
    status = shim_read_in_place(session, buffer)
                 ? iree_hal_buffer_map_read(buffer, 0, outputs[i].data, length)
                 : iree_hal_buffer_map_read(pending->staging,
                                            pending->offsets[i],
                                            outputs[i].data, length);
  }
  return status;
}

// Appends a fenced call's fences: a wait fence when the session has queued
// work the host has not seen done (the call may read its results, and must
// come after it), none otherwise, and a new signal fence. The signal fence
// covers the call's results only: a call without results signals it on the
// host as it returns, its work still queued (as in the synchronous model).
static iree_status_t shim_push_fences(shim_function_t* function,
                                      iree_hal_fence_t** out_signal) {
  iree_hal_fence_t* after = NULL;
  IREE_RETURN_IF_ERROR(shim_queue_after(function->session, &after));
  iree_status_t status = shim_queue_next(function->session, out_signal);
  iree_vm_list_t* list = iree_runtime_call_inputs(&function->call);
  if (iree_status_is_ok(status)) {
    iree_vm_ref_t wait = after ? iree_hal_fence_retain_ref(after)
                               : (iree_vm_ref_t){0};
    status = iree_vm_list_push_ref_move(list, &wait);
    iree_vm_ref_release(&wait);
  }
  if (iree_status_is_ok(status)) {
    iree_vm_ref_t signal = iree_hal_fence_retain_ref(*out_signal);
    status = iree_vm_list_push_ref_move(list, &signal);
    iree_vm_ref_release(&signal);
  }
  iree_hal_fence_release(after);
  if (!iree_status_is_ok(status)) {
    iree_hal_fence_release(*out_signal);
    *out_signal = NULL;
  }
  return status;
}

// Checks the call's shape, pushes the inputs and the fences, and invokes.
static iree_status_t shim_submit(shim_function_t* function,
                                 shim_tensor_t* const* inputs,
                                 size_t input_count, shim_pending_t* pending) {
  shim_session_t* session = function->session;
  if (input_count != function->argument_count) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "function takes %zu arguments, got %zu",
                            (size_t)function->argument_count, input_count);
  }
  if (function->result_count > SHIM_MAX_RESULTS) {
    return iree_make_status(IREE_STATUS_UNIMPLEMENTED,
                            "function returns %zu results, at most %d read",
                            (size_t)function->result_count, SHIM_MAX_RESULTS);
  }
  for (size_t i = 0; i < input_count; ++i) {
    if (!inputs[i]) {
      return iree_make_status(IREE_STATUS_INVALID_ARGUMENT, "input %zu null",
                              i);
    }
  }
  if (function->fenced && function->result_count == 0 &&
      shim_queue_busy(session)) {
    IREE_RETURN_IF_ERROR(shim_queue_wait(session, session->timeline,
                                         session->timeline_value));
  }
  for (size_t i = 0; i < input_count; ++i) {
    IREE_RETURN_IF_ERROR(iree_runtime_call_inputs_push_back_buffer_view(
        &function->call, inputs[i]->view));
  }
  iree_hal_fence_t* signal = NULL;
  if (function->fenced) {
    IREE_RETURN_IF_ERROR(shim_push_fences(function, &signal));
  }
  iree_status_t status = iree_runtime_call_invoke(&function->call, 0);
  if (!iree_status_is_ok(status) && function->fenced) {
    shim_queue_abandon(session);
  }
  pending->count = function->result_count;
  for (size_t i = 0; i < pending->count && iree_status_is_ok(status); ++i) {
    status = iree_runtime_call_outputs_pop_front_buffer_view(
        &function->call, &pending->views[i]);
  }
  if (iree_status_is_ok(status) && signal) {
    if (pending->count == 0) {
      // Signalled on the host as the call returned (see shim_push_fences).
      session->reached_value = session->timeline_value;
    } else {
      shim_pending_ready_at_last(pending);
    }
  }
  // A synchronous call's results are ready; its copies still come after the
  // copies queued before them, so the timeline's values are reached in order.
  iree_hal_fence_t* after = NULL;
  if (iree_status_is_ok(status) && !signal) {
    status = shim_queue_after(session, &after);
  }
  if (iree_status_is_ok(status)) {
    status = shim_queue_staged_copies(pending, signal ? signal : after);
  }
  iree_hal_fence_release(after);
  iree_hal_fence_release(signal);
  return status;
}

shim_error_t* shim_function_submit(shim_function_t* function,
                                   shim_tensor_t* const* inputs,
                                   size_t input_count,
                                   shim_pending_t** out_pending) {
  SHIM_CHECK_ARG(function && out_pending, "null argument");
  SHIM_CHECK_ARG(input_count == 0 || inputs, "inputs is null");
  shim_session_t* session = function->session;
  shim_pending_t* pending = (shim_pending_t*)calloc(1, sizeof(*pending));
  if (!pending) {
    return shim_error_from_status(
        iree_make_status(IREE_STATUS_RESOURCE_EXHAUSTED, "pending alloc"));
  }
  pending->session = session;
  iree_status_t status = shim_device_context_enter(&session->context);
  if (iree_status_is_ok(status)) {
    pthread_mutex_lock(&session->queue_mutex);
    status = shim_submit(function, inputs, input_count, pending);
    pthread_mutex_unlock(&session->queue_mutex);
  }
  // Drops leftover input/output references whatever happened, so a failed
  // call leaves the function reusable.
  iree_runtime_call_reset(&function->call);
  if (!iree_status_is_ok(status)) {
    pending->read = true;  // nothing to wait for that the error did not end
    shim_pending_free(pending);
    return shim_error_from_status(status);
  }
  *out_pending = pending;
  return NULL;
}

shim_error_t* shim_pending_result(shim_pending_t* pending, size_t index,
                                  shim_tensor_t** out_tensor) {
  SHIM_CHECK_ARG(pending && out_tensor, "null argument");
  SHIM_CHECK_ARG(index < pending->count, "result %zu of %zu", index,
                 pending->count);
  shim_tensor_t* tensor = (shim_tensor_t*)calloc(1, sizeof(*tensor));
  if (!tensor) {
    return shim_error_from_status(
        iree_make_status(IREE_STATUS_RESOURCE_EXHAUSTED, "tensor alloc"));
  }
  tensor->context = pending->session->context;
  tensor->view = pending->views[index];
  iree_hal_buffer_view_retain(tensor->view);
  *out_tensor = tensor;
  return NULL;
}

shim_error_t* shim_pending_read(shim_pending_t* pending,
                                shim_host_output_t* outputs,
                                size_t output_count) {
  SHIM_CHECK_ARG(pending, "null pending call");
  SHIM_CHECK_ARG(output_count == 0 || outputs, "outputs is null");
  shim_session_t* session = pending->session;
  iree_status_t status = shim_device_context_enter(&session->context);
  if (iree_status_is_ok(status)) {
    pthread_mutex_lock(&session->queue_mutex);
    status = shim_read_outputs(pending, outputs, output_count);
    pthread_mutex_unlock(&session->queue_mutex);
  }
  return shim_error_from_status(status);
}

void shim_pending_free(shim_pending_t* pending) {
  if (!pending) return;
  shim_session_t* session = pending->session;
  iree_status_ignore(shim_device_context_enter(&session->context));
  pthread_mutex_lock(&session->queue_mutex);
  if (!pending->read) {
    iree_status_ignore(
        shim_queue_wait(session, pending->timeline, pending->ready_value));
  }
  shim_staging_give_back(session, pending->staging);
  pthread_mutex_unlock(&session->queue_mutex);
  for (size_t i = 0; i < pending->count; ++i) {
    iree_hal_buffer_view_release(pending->views[i]);
  }
  iree_hal_semaphore_release(pending->timeline);
  free(pending);
}

shim_error_t* shim_function_invoke(shim_function_t* function,
                                   shim_tensor_t* const* inputs,
                                   size_t input_count,
                                   shim_host_output_t* outputs,
                                   size_t output_count) {
  SHIM_CHECK_ARG(function, "null function");
  SHIM_CHECK_ARG(output_count == 0 || outputs, "outputs is null");
  SHIM_CHECK_ARG(output_count == function->result_count,
                 "function returns %zu results, caller gave %zu",
                 (size_t)function->result_count, output_count);
  shim_pending_t* pending = NULL;
  shim_error_t* error =
      shim_function_submit(function, inputs, input_count, &pending);
  if (error) return error;
  error = shim_pending_read(pending, outputs, output_count);
  shim_pending_free(pending);
  return error;
}
