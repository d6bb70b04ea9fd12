//! The runtime shim end to end: compile hand-written StableHLO, load it on
//! local-task and local-sync, call it, and check that every failure comes back
//! as a typed error carrying IREE's message. `make memcheck` runs these under
//! AddressSanitizer, building only this crate and the shim.

mod common;

use common::{compile_cpu, compile_cpu_as, temp_dir, write_safetensors, Model};
use runtime::{
    DType, HostTensor, Output, ParameterMode, Runtime, RuntimeError, Session, SessionOptions,
    StatusCode,
};

/// Both local drivers, unless `IREE_TEST_DEVICES` (comma-separated) narrows
/// them.
fn devices() -> Vec<String> {
    std::env::var("IREE_TEST_DEVICES")
        .unwrap_or_else(|_| "local-task,local-sync".into())
        .split(',')
        .map(str::to_string)
        .collect()
}

/// Every device with both execution models: the shim queues a fenced call's work and waits
/// once for its results, where a call of the synchronous model waits inside IREE.
fn devices_and_models() -> Vec<(String, Model)> {
    devices()
        .into_iter()
        .flat_map(|device| Model::ALL.map(|model| (device.clone(), model)))
        .collect()
}

/// A session of `tests/mlir/<module>.mlir` built for `model` on `device`; `stage_results`
/// reads every result through the staging buffer (see `SessionOptions::stage_results`).
fn open(module: &str, device: &str, model: Model, stage_results: bool) -> Session {
    let vmfb = compile_cpu_as(module, model);
    let runtime = Runtime::new(device).unwrap();
    let options = SessionOptions::new([&vmfb]).stage_results(stage_results);
    Session::new(&runtime, &options).unwrap()
}

fn f32_input(shape: &[usize], data: &[f32]) -> HostTensor {
    HostTensor::F32 {
        shape: shape.to_vec(),
        data: data.to_vec(),
    }
}

#[test]
fn add_on_both_local_devices() {
    for (device, model) in devices_and_models() {
        let session = open("add", &device, model, false);
        let mut add = session.function("arith.add").unwrap();
        let sig = add.signature().unwrap();
        assert_eq!(sig.arguments.len(), 2);
        assert_eq!(sig.results[0].to_string(), "tensor<4xf32>");
        let out = add
            .call_host(
                &session,
                &[
                    f32_input(&[4], &[1.0, 2.0, 3.0, 4.0]),
                    f32_input(&[4], &[10.0, 20.0, 30.0, 40.0]),
                ],
            )
            .unwrap();
        assert_eq!(
            out[0].as_f32().unwrap(),
            &[11.0, 22.0, 33.0, 44.0],
            "{device} {model:?}"
        );
    }
}

#[test]
fn integer_tensors_and_scalars() {
    let vmfb = compile_cpu("add");
    let runtime = Runtime::new("local-sync").unwrap();
    let session = Session::new(&runtime, &SessionOptions::new([&vmfb])).unwrap();
    let mut scale = session.function("arith.scale_i32").unwrap();
    let a = session.tensor(&[2, 3], &[1i32, 2, 3, 4, 5, 6]).unwrap();
    let k = session.tensor(&[], &[-3i32]).unwrap();
    let mut out = [0i32; 6];
    scale.call(&[&a, &k], &mut [Output::I32(&mut out)]).unwrap();
    assert_eq!(out, [-3, -6, -9, -12, -15, -18]);

    let mut widen = session.function("arith.widen").unwrap();
    let big = session.tensor(&[3], &[1i64 << 40, -7, 0]).unwrap();
    let mut out = [0i64; 3];
    widen.call(&[&big], &mut [Output::I64(&mut out)]).unwrap();
    assert_eq!(out, [1i64 << 41, -14, 0]);
}

#[test]
fn reused_input_tensor_is_rewritten_in_place() {
    for model in Model::ALL {
        let session = open("add", &devices()[0], model, false);
        let mut add = session.function("arith.add").unwrap();
        let mut a = session.tensor(&[4], &[0.0f32; 4]).unwrap();
        let b = session.tensor(&[4], &[1.0f32; 4]).unwrap();
        let mut out = [0f32; 4];
        for step in 0..5 {
            a.write(&[step as f32; 4]).unwrap();
            add.call(&[&a, &b], &mut [Output::F32(&mut out)]).unwrap();
            assert_eq!(out, [step as f32 + 1.0; 4], "{model:?}");
        }
    }
}

fn weight() -> Vec<f32> {
    (0..12).map(|i| i as f32 * 0.5 - 2.0).collect()
}

fn expected_matmul(w: &[f32], x: &[f32]) -> Vec<f32> {
    let mut y = vec![0.0; 6];
    for o in 0..3 {
        for c in 0..2 {
            y[o * 2 + c] = (0..4).map(|i| w[o * 4 + i] * x[i * 2 + c]).sum();
        }
    }
    y
}

#[test]
fn matmul_with_weight_from_safetensors_parameter() {
    let vmfb = compile_cpu("matmul_param");
    let dir = temp_dir("matmul");
    let params = dir.join("weights.safetensors");
    write_safetensors(&params, &[("layer.weight", vec![3, 4], weight())]);
    let x: Vec<f32> = (0..8).map(|i| 1.0 + i as f32).collect();
    for device in devices() {
        for mode in ParameterMode::ALL {
            let runtime = Runtime::new(&device).unwrap();
            let options = SessionOptions::new([&vmfb])
                .parameters(&params)
                .parameter_mode(mode);
            let session = Session::new(&runtime, &options).unwrap();
            let mut apply = session.function("linear.apply").unwrap();
            let out = apply
                .call_host(&session, &[f32_input(&[4, 2], &x)])
                .unwrap();
            assert_eq!(
                out[0].as_f32().unwrap(),
                expected_matmul(&weight(), &x).as_slice(),
                "{device} {mode:?}"
            );
        }
    }
}

#[test]
fn kv_cache_updates_in_place_across_calls() {
    for (device, model) in devices_and_models() {
        let session = open("kv_update", &device, model, false);
        let mut append = session.function("cache.append").unwrap();
        let mut pos = session.tensor(&[2], &[0i32, 0]).unwrap();
        let mut row = session.tensor(&[2, 4], &[0f32; 8]).unwrap();
        let mut sums = [0f32; 8];
        // Slot 0 fills positions 0,1,2; slot 1 writes position 5 three times,
        // so only its last write survives.
        for step in 0..3 {
            pos.write(&[step, 5]).unwrap();
            let values: Vec<f32> = (0..8).map(|i| (step * 10 + i) as f32).collect();
            row.write(&values).unwrap();
            append
                .call(&[&pos, &row], &mut [Output::F32(&mut sums)])
                .unwrap();
        }
        let slot0: Vec<f32> = (0..4)
            .map(|i| (0..3).map(|s| (s * 10 + i) as f32).sum())
            .collect();
        let slot1: Vec<f32> = (4..8).map(|i| (20 + i) as f32).collect();
        assert_eq!(&sums[..4], slot0.as_slice(), "{device} {model:?}");
        assert_eq!(&sums[4..], slot1.as_slice(), "{device} {model:?}");
    }
}

/// Results read through the staging buffer, as results in device memory are (one command
/// buffer of copies queued behind the call, one wait), on every CPU device and model: several
/// results of different sizes land where each is read from, and the buffer serves call
/// after call.
#[test]
fn results_read_through_the_staging_buffer() {
    for (device, model) in devices_and_models() {
        let session = open("add", &device, model, true);
        let mut three = session.function("arith.sum_twice_product").unwrap();
        let a = session.tensor(&[4], &[1.0f32, 2.0, 3.0, 4.0]).unwrap();
        let mut b = session.tensor(&[4], &[0f32; 4]).unwrap();
        let mut k = session.tensor(&[], &[0i32]).unwrap();
        let (mut sum, mut twice, mut product) = ([0f32; 4], [0i32; 1], [0f32; 4]);
        for step in 1..4 {
            b.write(&[step as f32 * 10.0; 4]).unwrap();
            k.write(&[step * 7]).unwrap();
            three
                .call(
                    &[&a, &b, &k],
                    &mut [
                        Output::F32(&mut sum),
                        Output::I32(&mut twice),
                        Output::F32(&mut product),
                    ],
                )
                .unwrap();
            let b = step as f32 * 10.0;
            assert_eq!(
                sum,
                [1.0 + b, 2.0 + b, 3.0 + b, 4.0 + b],
                "{device} {model:?}"
            );
            assert_eq!(twice, [step * 14], "{device} {model:?}");
            assert_eq!(
                product,
                [b, 2.0 * b, 3.0 * b, 4.0 * b],
                "{device} {model:?}"
            );
        }

        let session = open("kv_update", &device, model, true);
        let mut append = session.function("cache.append").unwrap();
        let mut read = session.function("cache.read").unwrap();
        let mut sums = [0f32; 8];
        for step in 0..3 {
            let pos = session.tensor(&[2], &[step, 1]).unwrap();
            let row = session.tensor(&[2, 4], &[step as f32 + 1.0; 8]).unwrap();
            append
                .call(&[&pos, &row], &mut [Output::F32(&mut sums)])
                .unwrap();
        }
        assert_eq!(
            sums,
            [6.0, 6.0, 6.0, 6.0, 3.0, 3.0, 3.0, 3.0],
            "{device} {model:?}"
        );
        let mut cache = vec![0f32; 2 * 8 * 4];
        read.call(&[], &mut [Output::F32(&mut cache)]).unwrap();
        assert_eq!(
            cache[..12],
            [1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0, 3.0, 3.0, 3.0, 3.0]
        );
        assert_eq!(cache[36..40], [3.0; 4], "{device} {model:?}");
    }
}

/// Calls without results may return before their work is done, in either model (a fenced
/// call signals its fence as it returns: the fence covers results only), so their inputs are
/// fresh tensors (`Function::call`); the call that reads what they wrote must still see
/// every one of them, in order.
#[test]
fn calls_without_results_are_queued_in_order() {
    for (device, model) in devices_and_models() {
        let session = open("kv_update", &device, model, false);
        let mut store = session.function("cache.store").unwrap();
        let mut read = session.function("cache.read").unwrap();
        assert_eq!(store.signature().unwrap().arguments.len(), 2);
        assert!(store.signature().unwrap().results.is_empty());
        let mut expected = vec![0f32; 2 * 8 * 4];
        // Slot 0 writes positions 0..8 in turn; slot 1 writes position 7 every time, so only
        // the last of its writes may survive.
        for step in 0..8i32 {
            let pos = session.tensor(&[2], &[step, 7]).unwrap();
            let values: Vec<f32> = (0..8).map(|i| (step * 100 + i) as f32).collect();
            let row = session.tensor(&[2, 4], &values).unwrap();
            store.call(&[&pos, &row], &mut []).unwrap();
            let step = step as usize;
            expected[step * 4..step * 4 + 4].copy_from_slice(&values[..4]);
            expected[32 + 7 * 4..32 + 8 * 4].copy_from_slice(&values[4..]);
        }
        let mut cache = vec![0f32; 2 * 8 * 4];
        read.call(&[], &mut [Output::F32(&mut cache)]).unwrap();
        assert_eq!(cache, expected, "{device} {model:?}");
    }
}

/// Calls queued before the one ahead of them is read, each taking the result of the one
/// before as an input (how a decode step feeds its sampled tokens to the next without the
/// host), with a call without results among them: every result read afterwards is the one
/// the calls made one after another, on every device and model, read in place and staged.
#[test]
fn queued_calls_take_pending_results_in_order() {
    // The host's copy of the module's cache: `append` writes a row per slot, then sums.
    fn append(cache: &mut [f32; 64], pos: [i32; 2], row: &[f32]) -> Vec<f32> {
        for slot in 0..2 {
            let at = slot * 32 + pos[slot] as usize * 4;
            cache[at..at + 4].copy_from_slice(&row[slot * 4..slot * 4 + 4]);
        }
        (0..8)
            .map(|i| (0..8).map(|p| cache[(i / 4) * 32 + p * 4 + i % 4]).sum())
            .collect()
    }
    for (device, model) in devices_and_models() {
        for stage_results in [false, true] {
            let session = open("kv_update", &device, model, stage_results);
            let mut step = session.function("cache.append").unwrap();
            let mut store = session.function("cache.store").unwrap();
            let mut read = session.function("cache.read").unwrap();
            assert_eq!(step.is_fenced(), model == Model::Fenced);
            let first: Vec<f32> = (0..8).map(|i| i as f32 + 1.0).collect();
            let mut row = session.tensor(&[2, 4], &first).unwrap();
            let mut cache = [0f32; 64];
            let mut expected = Vec::new();
            let mut pending = Vec::new();
            let mut host_row = first.clone();
            // A call read at once leaves the session a spare staging buffer for the next.
            let mut whole = vec![1f32; 64];
            read.call(&[], &mut [Output::F32(&mut whole)]).unwrap();
            assert_eq!(whole, vec![0f32; 64]);
            for n in 0..4i32 {
                let pos = [n, 7 - n];
                // Fresh inputs: a queued call reads them until its results are read.
                let pos_tensor = session.tensor(&[2], &pos).unwrap();
                if n == 2 {
                    let stored = vec![-1f32; 8];
                    let at = session.tensor(&[2], &[6i32, 0]).unwrap();
                    let values = session.tensor(&[2, 4], &stored).unwrap();
                    store.call(&[&at, &values], &mut []).unwrap();
                    append(&mut cache, [6, 0], &stored);
                }
                let call = step.submit(&[&pos_tensor, &row]).unwrap();
                host_row = append(&mut cache, pos, &host_row);
                expected.push(host_row.clone());
                row = call.result(0).unwrap();
                assert_eq!(row.shape(), &[2, 4]);
                assert_eq!(row.dtype(), DType::F32);
                pending.push(call);
            }
            for (n, (call, expected)) in pending.into_iter().zip(&expected).enumerate() {
                let mut sums = [0f32; 8];
                call.read(&mut [Output::F32(&mut sums)]).unwrap();
                assert_eq!(
                    &sums[..],
                    &expected[..],
                    "call {n}, {device} {model:?} {stage_results}"
                );
            }
            read.call(&[], &mut [Output::F32(&mut whole)]).unwrap();
            assert_eq!(whole, cache.to_vec(), "{device} {model:?} {stage_results}");
            // Read out of order, and a pending call dropped unread: the session goes on.
            let a = step
                .submit(&[&session.tensor(&[2], &[0i32, 0]).unwrap(), &row])
                .unwrap();
            let b = step
                .submit(&[
                    &session.tensor(&[2], &[1i32, 1]).unwrap(),
                    &a.result(0).unwrap(),
                ])
                .unwrap();
            let mut sums = [0f32; 8];
            b.read(&mut [Output::F32(&mut sums)]).unwrap();
            drop(a);
            let mut twice = [0f32; 8];
            let err = step
                .submit(&[&session.tensor(&[2], &[0i32, 0]).unwrap(), &row])
                .unwrap()
                .read(&mut [Output::F32(&mut twice[..4])])
                .unwrap_err();
            assert!(matches!(err, RuntimeError::Signature { .. }), "{err}");
        }
    }
}

/// Prints the message (the issue note records them) and returns it.
fn iree_message(err: &RuntimeError, expected_code: StatusCode) -> String {
    eprintln!("error: {err}");
    match err {
        RuntimeError::Iree { code, message, .. } => {
            assert_eq!(*code, expected_code, "{err}");
            assert!(!message.is_empty());
            message.clone()
        }
        other => panic!("expected an IREE error, got {other:?}"),
    }
}

#[test]
fn error_missing_vmfb() {
    let runtime = Runtime::new("local-sync").unwrap();
    let err = Session::new(&runtime, &SessionOptions::new(["/nonexistent/model.vmfb"]))
        .err()
        .unwrap();
    let message = iree_message(&err, StatusCode::NotFound);
    assert!(message.contains("/nonexistent/model.vmfb"), "{message}");
}

#[test]
fn error_truncated_vmfb() {
    let vmfb = compile_cpu("add");
    let bytes = std::fs::read(&vmfb).unwrap();
    let dir = temp_dir("truncated");
    for cut in [16, bytes.len() / 2] {
        let path = dir.join(format!("cut{cut}.vmfb"));
        std::fs::write(&path, &bytes[..cut]).unwrap();
        let runtime = Runtime::new("local-sync").unwrap();
        let err = Session::new(&runtime, &SessionOptions::new([&path]))
            .err()
            .unwrap();
        eprintln!("error: {err}");
        assert!(matches!(err, RuntimeError::Iree { .. }), "{err:?}");
        assert!(err.to_string().contains(&format!("cut{cut}.vmfb")), "{err}");
    }
}

#[test]
fn error_unknown_device_uri() {
    let err = Runtime::new("no-such-driver").err().unwrap();
    let message = iree_message(&err, StatusCode::NotFound);
    assert!(message.contains("no-such-driver"), "{message}");
}

#[test]
fn error_cuda_without_gpu_or_driver() {
    // Without the `cuda` feature the driver is not compiled in; with it, and
    // no GPU, device creation fails when libcuda cannot be loaded or finds no
    // device. Either way: a typed error, no crash.
    match Runtime::new("cuda") {
        Err(err) => {
            eprintln!("error: {err}");
            assert!(matches!(err, RuntimeError::Iree { .. }));
        }
        Ok(_) => eprintln!("a CUDA device exists here; nothing to check"),
    }
}

#[test]
fn error_unknown_function() {
    let vmfb = compile_cpu("add");
    let runtime = Runtime::new("local-sync").unwrap();
    let session = Session::new(&runtime, &SessionOptions::new([&vmfb])).unwrap();
    let err = session.function("arith.subtract").err().unwrap();
    let message = iree_message(&err, StatusCode::NotFound);
    assert!(message.contains("subtract"), "{message}");
}

#[test]
fn error_wrong_input_shape_and_dtype() {
    let vmfb = compile_cpu("add");
    let runtime = Runtime::new("local-sync").unwrap();
    let session = Session::new(&runtime, &SessionOptions::new([&vmfb])).unwrap();
    let mut add = session.function("arith.add").unwrap();
    let good = session.tensor(&[4], &[1f32; 4]).unwrap();
    let short = session.tensor(&[3], &[1f32; 3]).unwrap();
    let ints = session.tensor(&[4], &[1i32; 4]).unwrap();
    let mut out = [0f32; 4];

    // The host-side check names the argument and both types.
    let err = add
        .call(&[&good, &short], &mut [Output::F32(&mut out)])
        .err()
        .unwrap();
    eprintln!("error: {err}");
    assert!(matches!(err, RuntimeError::Signature { .. }));
    assert!(
        err.to_string().contains("argument 1 must be tensor<4xf32>"),
        "{err}"
    );
    let err = add
        .call(&[&ints, &good], &mut [Output::F32(&mut out)])
        .err()
        .unwrap();
    eprintln!("error: {err}");
    assert!(err.to_string().contains("got i32"), "{err}");

    // IREE's own check catches the same mistakes when the host check is
    // skipped, and the function stays usable afterwards.
    let err = add
        .call_unvalidated(&[&good, &short], &mut [Output::F32(&mut out)])
        .err()
        .unwrap();
    let message = iree_message(&err, StatusCode::InvalidArgument);
    assert!(
        message.contains("shape") || message.contains("dim"),
        "{message}"
    );
    let err = add
        .call_unvalidated(&[&ints, &good], &mut [Output::F32(&mut out)])
        .err()
        .unwrap();
    let message = iree_message(&err, StatusCode::InvalidArgument);
    assert!(message.contains("element type"), "{message}");
    add.call(&[&good, &good], &mut [Output::F32(&mut out)])
        .unwrap();
    assert_eq!(out, [2.0; 4]);

    // A result buffer of the wrong type or size is refused by the shim too.
    let mut small = [0f32; 2];
    let err = add
        .call_unvalidated(&[&good, &good], &mut [Output::F32(&mut small)])
        .err()
        .unwrap();
    iree_message(&err, StatusCode::OutOfRange);
    let mut wrong = [0i32; 4];
    let err = add
        .call_unvalidated(&[&good, &good], &mut [Output::I32(&mut wrong)])
        .err()
        .unwrap();
    iree_message(&err, StatusCode::InvalidArgument);
    let err = add
        .call_unvalidated(&[&good], &mut [Output::F32(&mut out)])
        .err()
        .unwrap();
    iree_message(&err, StatusCode::InvalidArgument);
    assert_eq!(DType::F32.size(), 4);
}

#[test]
fn error_tensor_data_does_not_fit_shape() {
    let vmfb = compile_cpu("add");
    let runtime = Runtime::new("local-sync").unwrap();
    let session = Session::new(&runtime, &SessionOptions::new([&vmfb])).unwrap();
    let err = session.tensor(&[2, 2], &[1f32; 3]).err().unwrap();
    assert!(matches!(err, RuntimeError::Shape(_)), "{err:?}");
    let mut t = session.tensor(&[2], &[1f32; 2]).unwrap();
    assert!(matches!(t.write(&[1f32; 3]), Err(RuntimeError::Shape(_))));
    assert!(matches!(t.write(&[1i32; 2]), Err(RuntimeError::Shape(_))));
}

#[test]
fn error_missing_parameter_file() {
    let vmfb = compile_cpu("matmul_param");
    for mode in ParameterMode::ALL {
        let runtime = Runtime::new("local-sync").unwrap();
        let options = SessionOptions::new([&vmfb])
            .parameters("/nonexistent/weights.safetensors")
            .parameter_mode(mode);
        let err = Session::new(&runtime, &options).err().unwrap();
        let message = iree_message(&err, StatusCode::NotFound);
        assert!(
            message.contains("/nonexistent/weights.safetensors"),
            "{mode:?}: {message}"
        );
    }
}

#[test]
fn error_parameter_size_mismatch() {
    let vmfb = compile_cpu("matmul_param");
    let dir = temp_dir("mismatch");
    let params = dir.join("weights.safetensors");
    write_safetensors(&params, &[("layer.weight", vec![3, 3], vec![0.0; 9])]);
    let runtime = Runtime::new("local-sync").unwrap();
    let result = Session::new(&runtime, &SessionOptions::new([&vmfb]).parameters(&params))
        .and_then(|session| {
            let mut apply = session.function("linear.apply")?;
            apply.call_host(&session, &[f32_input(&[4, 2], &[0.0; 8])])
        });
    let err = result.expect_err("a 3x3 weight for a 3x4 parameter must be refused");
    eprintln!("error: {err}");
    assert!(matches!(err, RuntimeError::Iree { .. }), "{err:?}");

    // A parameter the module needs but the file lacks.
    let renamed = dir.join("renamed.safetensors");
    write_safetensors(&renamed, &[("other.weight", vec![3, 4], weight())]);
    let err = Session::new(&runtime, &SessionOptions::new([&vmfb]).parameters(&renamed))
        .err()
        .unwrap();
    eprintln!("error: {err}");
    assert!(err.to_string().contains("layer.weight"), "{err}");
}

#[test]
fn error_bad_strings_are_typed() {
    let err = Runtime::new("local\0sync").err().unwrap();
    assert!(matches!(err, RuntimeError::InvalidString { .. }));
}

/// Runtimes created and dropped on one thread must not disturb calls running on another.
/// IREE keeps VM type registrations in process-wide variables that creating an instance
/// rewrites; before runtimes shared one instance, calls here failed now and then with
/// "ref type mismatch".
#[test]
fn runtimes_come_and_go_while_another_runs() {
    let vmfb = compile_cpu("add");
    let runtime = Runtime::new("local-sync").unwrap();
    let session = Session::new(&runtime, &SessionOptions::new([&vmfb])).unwrap();
    let mut add = session.function("arith.add").unwrap();
    let stop = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        let churn = scope.spawn(|| {
            for _ in 0..300 {
                drop(Runtime::new("local-sync").unwrap());
            }
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        let (a, b) = (
            f32_input(&[4], &[1.0, 2.0, 3.0, 4.0]),
            f32_input(&[4], &[1.0; 4]),
        );
        let mut calls = 0;
        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
            let out = add
                .call_host(&session, &[a.clone(), b.clone()])
                .unwrap_or_else(|e| panic!("call {calls}: {e}"));
            assert_eq!(out[0].as_f32().unwrap(), &[2.0, 3.0, 4.0, 5.0]);
            calls += 1;
        }
        churn.join().unwrap();
        assert!(calls > 0);
    });
}

/// Every flag the runtime applies by default is one this IREE runtime knows, with a value it
/// takes (an unknown name or a bad value is an error, as the test below checks).
#[test]
fn default_runtime_flags_are_iree_flags() {
    assert!(!runtime::DEFAULT_RUNTIME_FLAGS.is_empty());
    runtime::set_flags(runtime::DEFAULT_RUNTIME_FLAGS).unwrap();
}

#[test]
fn runtime_flags_are_checked_before_they_apply() {
    let err = runtime::set_flags(&["--no_such_runtime_flag=1"]).unwrap_err();
    let message = format!("{err}");
    assert!(matches!(err, RuntimeError::Iree { .. }), "{message}");
    assert!(message.contains("no_such_runtime_flag"), "{message}");
    let err = runtime::set_flags(&["cuda_use_streams"]).unwrap_err();
    assert!(
        format!("{err}").contains("not an IREE runtime flag"),
        "{err}"
    );
    // A real flag of the local-task driver (a larger worker stack changes no result).
    runtime::set_flags(&["--task_worker_stack_size=262144"]).unwrap();
    let vmfb = compile_cpu("add");
    let runtime = Runtime::new("local-task").unwrap();
    let session = Session::new(&runtime, &SessionOptions::new([&vmfb])).unwrap();
    assert!(session.function("arith.add").is_ok());
}
