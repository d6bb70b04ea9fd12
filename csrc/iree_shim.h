// A thin C layer over the IREE runtime API, shaped for Rust's bindgen.
//
// Conventions:
// - Every fallible call returns a `shim_error_t*`: NULL on success, otherwise
//   an owned error carrying IREE's status code and full message. Free it with
//   shim_error_free.
// - Out-pointers are written only on success.
// - Objects are freed with their *_free function; freeing NULL is a no-op.
// - A session and everything made from it must be used from one thread at a
//   time; distinct sessions may run concurrently.
#ifndef IREE_SHIM_H_
#define IREE_SHIM_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SHIM_MAX_RANK 8

typedef struct shim_error_t shim_error_t;
typedef struct shim_runtime_t shim_runtime_t;
typedef struct shim_session_t shim_session_t;
typedef struct shim_function_t shim_function_t;
typedef struct shim_tensor_t shim_tensor_t;
typedef struct shim_pending_t shim_pending_t;

typedef enum shim_dtype_e {
  SHIM_DTYPE_I32 = 0,
  SHIM_DTYPE_I64 = 1,
  SHIM_DTYPE_F32 = 2,
} shim_dtype_e;

// How a parameter file is brought into memory.
typedef enum shim_parameter_mode_e {
  // Memory-mapped read-only: weights are used in place where the device can
  // address host memory (local CPU devices), so they cost no extra RAM.
  SHIM_PARAMETER_MODE_MMAP = 0,
  // Read entirely into host memory at load.
  SHIM_PARAMETER_MODE_PRELOAD = 1,
  // Read through file APIs as needed.
  SHIM_PARAMETER_MODE_FILE = 2,
  // Copied once into anonymous memory backed by transparent huge pages where
  // the kernel offers them, then used in place by local CPU devices. A decode
  // step streams every weight, and streaming reads run faster from huge
  // anonymous pages than from the 4 KiB pages of a file mapping.
  SHIM_PARAMETER_MODE_RESIDENT = 3,
} shim_parameter_mode_e;

typedef struct shim_session_options_t {
  // Bytecode modules (.vmfb), appended in order.
  const char* const* module_paths;
  size_t module_count;
  // Optional parameter file (.safetensors, .irpa or .gguf); NULL for none.
  const char* parameter_path;
  // Scope under which the parameters are visible, e.g. "model".
  const char* parameter_scope;
  shim_parameter_mode_e parameter_mode;
  // Reads every result through the staging buffer, as results in device
  // memory are read, also where the host could map them: how that path is
  // tested on a CPU device. Off for real work.
  bool stage_results;
} shim_session_options_t;

// A host buffer that receives one function result.
typedef struct shim_host_output_t {
  void* data;             // in: destination
  size_t capacity_bytes;  // in: size of |data|
  shim_dtype_e dtype;     // in: element type the caller expects
  size_t rank;            // out
  int64_t shape[SHIM_MAX_RANK];  // out
  size_t byte_length;     // out: bytes written to |data|
} shim_host_output_t;

int32_t shim_error_code(const shim_error_t* error);
const char* shim_error_message(const shim_error_t* error);
void shim_error_free(shim_error_t* error);

// Sets IREE runtime flags ("--cuda_use_streams=false", ...) for the devices
// created after it: the drivers read them when a device is created. Flags are
// process-wide, so a run that compares two settings runs twice. An unknown flag
// or anything that is not a flag is an error and changes nothing after it.
shim_error_t* shim_runtime_flags(const char* const* flags, size_t count);

// Creates an IREE instance with every compiled-in driver and a device from
// |device_uri| ("local-task", "local-sync", "cuda", "metal", ...).
shim_error_t* shim_runtime_create(const char* device_uri,
                                  shim_runtime_t** out_runtime);
void shim_runtime_free(shim_runtime_t* runtime);

// Starts (|collect| true) or stops the CUDA profiler's collection
// (cuProfilerStart/Stop), so a profiler started with collection off records
// only the calls in between. Does nothing on other devices.
shim_error_t* shim_runtime_profiler(shim_runtime_t* runtime, bool collect);

// Loads the parameter file (if any) and the modules into one session; module
// initialisers (weight loading, cache allocation) run here.
shim_error_t* shim_session_create(shim_runtime_t* runtime,
                                  const shim_session_options_t* options,
                                  shim_session_t** out_session);
void shim_session_free(shim_session_t* session);

// Resolves an exported function once; the handle keeps its call state so
// repeated invocations do not allocate argument lists.
shim_error_t* shim_function_lookup(shim_session_t* session, const char* name,
                                   shim_function_t** out_function);
// The function's ABI declaration text (e.g. "sync func @f(%a: tensor<4xf32>)
// -> (...)") and its argument and result counts. The text lives as long as
// the function handle; it is empty when the module carries no reflection.
void shim_function_signature(const shim_function_t* function,
                             const char** out_declaration,
                             size_t* out_declaration_length,
                             size_t* out_argument_count,
                             size_t* out_result_count);
void shim_function_free(shim_function_t* function);

// A device-resident tensor, usable as an input to many invocations.
shim_error_t* shim_tensor_create(shim_session_t* session, shim_dtype_e dtype,
                                 size_t rank, const int64_t* shape,
                                 const void* data, size_t data_bytes,
                                 shim_tensor_t** out_tensor);
// Overwrites the tensor's contents; |data_bytes| must equal its byte size.
// No queued call may still read the tensor: a call's inputs are free again once
// its results have been read (shim_pending_read, shim_function_invoke).
shim_error_t* shim_tensor_write(shim_session_t* session, shim_tensor_t* tensor,
                                const void* data, size_t data_bytes);
// The tensor's element type and shape (|shape| holds SHIM_MAX_RANK values).
shim_error_t* shim_tensor_describe(const shim_tensor_t* tensor,
                                   shim_dtype_e* out_dtype, size_t* out_rank,
                                   int64_t* shape);
void shim_tensor_free(shim_tensor_t* tensor);

// Whether |function| was compiled with the coarse-fences ABI
// (--iree-execution-model=async-external): its calls return once their work is
// queued, so shim_function_submit returns before the device is done.
bool shim_function_fenced(const shim_function_t* function);

// Invokes |function| with |inputs| and copies each result into |outputs|.
// The result count must equal |output_count| (at most 16). The host waits
// once per call: a function compiled with the coarse-fences ABI
// (--iree-execution-model=async-external) queues its work and the copies of
// its results behind it; one of the synchronous model waits inside the call.
// Either way a call without results may return before its work is done, so
// its inputs must not be rewritten in place until a call with results has
// returned. The same as submit, read and free.
shim_error_t* shim_function_invoke(shim_function_t* function,
                                   shim_tensor_t* const* inputs,
                                   size_t input_count,
                                   shim_host_output_t* outputs,
                                   size_t output_count);

// Queues |function| with |inputs| and returns its results still pending: for a
// fenced function, before the device has run it, so the host can queue the
// next call (which may take a result as an input, see shim_pending_result)
// while this one runs. Each call of a session is ordered after the work the
// session queued before it. The copies that bring results the host cannot map
// into host memory are queued behind the call, into a staging buffer of the
// pending call's own. A call without results first waits for the session's
// queued work: IREE signals such a call's fence on the host as it returns,
// and the session's timeline must reach its values in order.
shim_error_t* shim_function_submit(shim_function_t* function,
                                   shim_tensor_t* const* inputs,
                                   size_t input_count,
                                   shim_pending_t** out_pending);
// Result |index| of a pending call as a tensor that later calls may take as an
// input, in device memory, without a wait or a copy.
shim_error_t* shim_pending_result(shim_pending_t* pending, size_t index,
                                  shim_tensor_t** out_tensor);
// Waits for the call and copies each result into |outputs| (|output_count|
// must equal the function's result count). At most once per pending call.
shim_error_t* shim_pending_read(shim_pending_t* pending,
                                shim_host_output_t* outputs,
                                size_t output_count);
// Frees a pending call; one not read yet is waited for first (its error is
// dropped), so nothing it still uses is released under the device.
void shim_pending_free(shim_pending_t* pending);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_SHIM_H_
