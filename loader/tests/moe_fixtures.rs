//! Mixture-of-experts checkpoints (tests/fixtures/families: Qwen3-MoE, Qwen2-MoE, Mixtral,
//! OLMoE, made by scripts/oracle/make_tiny_families.py) into parameter files: the stacked
//! experts are the checkpoint's per-expert tensors bit for bit, whichever form the checkpoint
//! or GGUF file keeps them in, and GGUF and HF give the same parameters.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use gguf::{GgmlType, GgufFile, Writer};
use loader::{Dtype, Error, Model, Precision, StoredFormat, Tiling};
use safetensors::tensor::TensorView;
use safetensors::{Dtype as St, SafeTensors};

const FAMILIES: [&str; 4] = ["qwen3_moe", "qwen2_moe", "mixtral", "olmoe"];

fn fixture(family: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/families")
        .join(family)
}

/// Name -> (shape, f32 values) of a safetensors file of f32 tensors.
type Tensors = BTreeMap<String, (Vec<usize>, Vec<f32>)>;

fn read_f32(path: &Path) -> Tensors {
    let bytes = std::fs::read(path).unwrap();
    let st = SafeTensors::deserialize(&bytes).unwrap();
    st.tensors()
        .into_iter()
        .map(|(name, view)| {
            assert_eq!(view.dtype(), St::F32, "{name}");
            let values = view
                .data()
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
                .collect();
            (name, (view.shape().to_vec(), values))
        })
        .collect()
}

fn write_f32(path: &Path, tensors: &Tensors) {
    let bytes: BTreeMap<&str, Vec<u8>> = tensors
        .iter()
        .map(|(n, (_, v))| (n.as_str(), v.iter().flat_map(|x| x.to_le_bytes()).collect()))
        .collect();
    let views: Vec<(&str, TensorView)> = tensors
        .iter()
        .map(|(n, (shape, _))| {
            let view = TensorView::new(St::F32, shape.clone(), &bytes[n.as_str()]).unwrap();
            (n.as_str(), view)
        })
        .collect();
    safetensors::serialize_to_file(views, &None, path).unwrap();
}

/// The f32 parameter file of the model at `path`.
fn parameters(path: &Path) -> Tensors {
    let model = Model::open(path).unwrap();
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("params.safetensors");
    model.write_parameter_file(&file, Dtype::F32).unwrap();
    read_f32(&file)
}

fn bits(values: &[f32]) -> Vec<u32> {
    values.iter().map(|v| v.to_bits()).collect()
}

/// A copy of the HF fixture directory with its weights replaced by `tensors`.
fn hf_copy(family: &str, tensors: &Tensors) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for file in ["config.json", "tokenizer.json", "tokenizer_config.json"] {
        std::fs::copy(fixture(family).join(file), dir.path().join(file)).unwrap();
    }
    write_f32(&dir.path().join("model.safetensors"), tensors);
    dir
}

/// The checkpoint's matrix of projection `proj` (HF's names, or Mixtral's w1/w3/w2) of expert
/// `e` in layer `l`.
fn checkpoint_expert<'a>(ckpt: &'a Tensors, l: usize, proj: &str, e: usize) -> &'a [f32] {
    let mixtral = |w: &str| format!("model.layers.{l}.block_sparse_moe.experts.{e}.{w}.weight");
    let name = format!("model.layers.{l}.mlp.experts.{e}.{proj}.weight");
    let alt = match proj {
        "gate_proj" => mixtral("w1"),
        "up_proj" => mixtral("w3"),
        _ => mixtral("w2"),
    };
    &ckpt.get(&name).or_else(|| ckpt.get(&alt)).unwrap().1
}

#[test]
fn stacked_experts_are_the_checkpoints_experts() {
    for family in FAMILIES {
        let ckpt = read_f32(&fixture(family).join("model.safetensors"));
        let params = parameters(&fixture(family));
        let model = Model::open(fixture(family)).unwrap();
        let cfg = model.config();
        let experts = cfg.experts.clone().unwrap();
        let (e, w, h) = (experts.count, experts.width, cfg.hidden_size);
        for l in 0..cfg.num_hidden_layers {
            let p = |part: &str| params.get(&format!("model.layers.{l}.{part}.weight"));
            if experts.dense_layers.contains(&l) {
                assert!(p("mlp.gate").is_none() && p("mlp.gate_proj").is_some());
                continue;
            }
            assert!(p("mlp.gate_proj").is_none(), "{family} {l}");
            let router = p("mlp.gate").unwrap();
            assert_eq!(router.0, vec![e, h]);
            let ckpt_router = ["mlp.gate", "block_sparse_moe.gate"]
                .iter()
                .find_map(|n| ckpt.get(&format!("model.layers.{l}.{n}.weight")))
                .unwrap();
            assert_eq!(bits(&router.1), bits(&ckpt_router.1), "{family} {l} router");
            for (proj, shape) in [
                ("gate_proj", [e, w, h]),
                ("up_proj", [e, w, h]),
                ("down_proj", [e, h, w]),
            ] {
                let (stored_shape, stacked) = p(&format!("mlp.experts.{proj}")).unwrap();
                assert_eq!(stored_shape[..], shape, "{family} {l} {proj}");
                for (x, stored) in stacked.chunks_exact(w * h).enumerate() {
                    let expert = checkpoint_expert(&ckpt, l, proj, x);
                    assert_eq!(bits(stored), bits(expert), "{family} {l} {proj} {x}");
                }
            }
        }
        // Everything else is the checkpoint's own tensor (Mixtral's names aside).
        for (name, (shape, values)) in &ckpt {
            if name.contains(".experts.") || name.contains("block_sparse_moe.gate") {
                continue;
            }
            assert_eq!(params[name].0, *shape, "{name}");
            assert_eq!(bits(&params[name].1), bits(values), "{name}");
        }
    }
}

#[test]
fn shared_expert_keeps_its_names_and_shapes() {
    let params = parameters(&fixture("qwen2_moe"));
    for l in 0..2 {
        let shape = |part: &str| params[&format!("model.layers.{l}.{part}.weight")].0.clone();
        assert_eq!(shape("mlp.shared_expert.gate_proj"), [48, 64]);
        assert_eq!(shape("mlp.shared_expert.up_proj"), [48, 64]);
        assert_eq!(shape("mlp.shared_expert.down_proj"), [64, 48]);
        assert_eq!(shape("mlp.shared_expert_gate"), [1, 64]);
    }
}

#[test]
fn gguf_and_hf_give_the_same_parameters() {
    for family in FAMILIES {
        let hf = parameters(&fixture(family));
        let gguf = parameters(&fixture(family).join("model.gguf"));
        assert_eq!(
            hf.keys().collect::<Vec<_>>(),
            gguf.keys().collect::<Vec<_>>(),
            "{family}"
        );
        for (name, (shape, values)) in &hf {
            assert_eq!(gguf[name].0, *shape, "{family} {name}");
            assert_eq!(bits(&gguf[name].1), bits(values), "{family} {name}");
        }
    }
}

/// Q8_0 experts are dequantized (within a Q8_0 step of the f32 values); the other tensors,
/// f32 in the file, are the same bits.
#[test]
fn q8_0_experts_are_dequantized() {
    for family in FAMILIES {
        let path = fixture(family).join("model-q8_0.gguf");
        let q8 = parameters(&path);
        let exact = parameters(&fixture(family).join("model.gguf"));
        for (name, (shape, values)) in &exact {
            assert_eq!(q8[name].0, *shape, "{name}");
            let got = &q8[name].1;
            if !name.contains(".mlp.experts.") {
                assert_eq!(bits(got), bits(values), "{family} {name}");
                continue;
            }
            assert_ne!(bits(got), bits(values), "{family} {name} is quantized");
            for (block, (g, v)) in got.chunks(32).zip(values.chunks(32)).enumerate() {
                let step = v.iter().fold(0f32, |m, x| m.max(x.abs())) / 127.0;
                for (a, b) in g.iter().zip(v) {
                    assert!((a - b).abs() <= step, "{family} {name} block {block}");
                }
            }
        }
        // Native keeps a file's blocks where the graphs name them: nothing here but the
        // experts is in blocks. Unnamed, the experts are dequantized.
        let model = Model::open(&path).unwrap();
        let names = model.parameters(Dtype::F32).unwrap();
        let plan = model
            .weight_plan(Precision::Native, &Tiling::none())
            .unwrap();
        for (name, format) in &plan {
            assert_eq!(*format, StoredFormat::Dense(Dtype::F32), "{family} {name}");
        }
        let out = tempfile::tempdir().unwrap();
        let file = out.path().join("native.safetensors");
        model
            .write_planned_parameter_file(&file, &plan, &Tiling::none())
            .unwrap();
        assert_eq!(read_f32(&file), q8, "{family}");
        // Named, each expert is one grouped weight of its own: every part leads with E.
        let stacks: Vec<String> = names
            .iter()
            .filter(|p| p.name.contains(".mlp.experts."))
            .map(|p| p.name.clone())
            .collect();
        let plan = model
            .weight_plan(Precision::Native, &Tiling::of(stacks.clone()))
            .unwrap();
        let grouped = out.path().join("grouped.safetensors");
        model
            .write_planned_parameter_file(&grouped, &plan, &Tiling::of(stacks.clone()))
            .unwrap();
        let written = loader::read_parameter_list(&grouped).unwrap();
        for stack in &stacks {
            assert_eq!(plan[stack], StoredFormat::Groups(GgmlType::Q8_0), "{stack}");
            let [e, rows, cols] = names.iter().find(|p| &p.name == stack).unwrap().shape[..] else {
                panic!("{stack} is not a stack");
            };
            let codes = written
                .iter()
                .find(|p| p.name == format!("{stack}.codes"))
                .unwrap();
            let groups = cols.div_ceil(32).div_ceil(4) * 4;
            assert_eq!(codes.shape, [e, rows / 16, groups, 32, 16], "{stack}");
        }
    }
}

/// transformers 5's fused form (`mlp.experts.gate_up_proj` `[E, 2W, H]`, gate rows first,
/// `mlp.experts.down_proj` `[E, H, W]`, the router as `mlp.gate`) of the per-expert
/// checkpoint.
fn fused(family: &str) -> Tensors {
    let ckpt = read_f32(&fixture(family).join("model.safetensors"));
    let model = Model::open(fixture(family)).unwrap();
    let cfg = model.config();
    let experts = cfg.experts.clone().unwrap();
    let mut out: Tensors = ckpt
        .iter()
        .filter(|(n, _)| !n.contains(".experts."))
        .map(|(n, t)| {
            (
                n.replace(".block_sparse_moe.gate.", ".mlp.gate."),
                t.clone(),
            )
        })
        .collect();
    let (w, h) = (experts.width, cfg.hidden_size);
    for l in 0..cfg.num_hidden_layers {
        if experts.dense_layers.contains(&l) {
            continue;
        }
        let (mut gate_up, mut down) = (Vec::new(), Vec::new());
        for e in 0..experts.count {
            gate_up.extend_from_slice(checkpoint_expert(&ckpt, l, "gate_proj", e));
            gate_up.extend_from_slice(checkpoint_expert(&ckpt, l, "up_proj", e));
            down.extend_from_slice(checkpoint_expert(&ckpt, l, "down_proj", e));
        }
        let name = |p: &str| format!("model.layers.{l}.mlp.experts.{p}");
        out.insert(
            name("gate_up_proj"),
            (vec![experts.count, 2 * w, h], gate_up),
        );
        out.insert(name("down_proj"), (vec![experts.count, h, w], down));
    }
    out
}

#[test]
fn fused_hf_experts_split_into_the_same_parameters() {
    for family in FAMILIES {
        let per_expert = parameters(&fixture(family));
        let dir = hf_copy(family, &fused(family));
        assert_eq!(parameters(dir.path()), per_expert, "{family}");
    }
}

/// `model.gguf` with each layer's gate and up experts fused into `ffn_gate_up_exps`
/// `[E, 2W, H]`, gate rows first.
fn fused_gguf(family: &str) -> tempfile::NamedTempFile {
    let file = GgufFile::open(fixture(family).join("model.gguf")).unwrap();
    let mut w = Writer::new();
    for (k, v) in file.metadata() {
        if !k.starts_with("GGUF.") {
            w.metadata(k.clone(), v.clone());
        }
    }
    let data = |name: &str| {
        file.tensor_data(file.tensor(name).unwrap())
            .unwrap()
            .to_vec()
    };
    for info in file.tensors() {
        let name = info.name.as_str();
        if name.ends_with("ffn_up_exps.weight") {
            continue;
        }
        let Some(block) = name.strip_suffix("ffn_gate_exps.weight") else {
            w.tensor(name, &info.dims, info.ggml_type, data(name));
            continue;
        };
        let [h, rows, e] = info.dims[..] else {
            panic!("{name}: {:?}", info.dims)
        };
        let matrix = (rows * h * 4) as usize;
        let (gate, up) = (data(name), data(&format!("{block}ffn_up_exps.weight")));
        let bytes = gate
            .chunks_exact(matrix)
            .zip(up.chunks_exact(matrix))
            .flat_map(|(g, u)| [g, u].concat())
            .collect();
        let fused = format!("{block}ffn_gate_up_exps.weight");
        w.tensor(&fused, &[h, 2 * rows, e], GgmlType::F32, bytes);
    }
    let out = tempfile::Builder::new().suffix(".gguf").tempfile().unwrap();
    w.write(out.path()).unwrap();
    out
}

#[test]
fn fused_gguf_experts_split_into_the_same_parameters() {
    for family in FAMILIES {
        let fused = fused_gguf(family);
        let file = GgufFile::open(fused.path()).unwrap();
        assert!(file.tensor("blk.0.ffn_gate_up_exps.weight").is_ok());
        assert!(file.tensor("blk.0.ffn_gate_exps.weight").is_err());
        assert_eq!(
            parameters(fused.path()),
            parameters(&fixture(family).join("model.gguf")),
            "{family}"
        );
    }
}

#[test]
fn incomplete_or_mixed_experts_are_refused_by_name() {
    let ckpt = read_f32(&fixture("olmoe").join("model.safetensors"));
    let open_err = |tensors: &Tensors| {
        let dir = hf_copy("olmoe", tensors);
        Model::open(dir.path())
            .and_then(|m| m.parameters(Dtype::F32))
            .unwrap_err()
            .to_string()
    };
    let mut missing = ckpt.clone();
    missing.remove("model.layers.1.mlp.experts.2.up_proj.weight");
    let err = open_err(&missing);
    assert!(
        err.contains("model.layers.1.mlp.experts.up_proj.weight: expert 2 is missing"),
        "{err}"
    );

    let mut odd = ckpt.clone();
    odd.insert(
        "model.layers.0.mlp.experts.3.down_proj.weight".into(),
        (vec![32, 64], vec![0.0; 32 * 64]),
    );
    let err = open_err(&odd);
    assert!(
        err.contains("model.layers.0.mlp.experts.down_proj.weight")
            && err.contains("one shape and type"),
        "{err}"
    );

    let mut both = ckpt.clone();
    let fused = fused("olmoe");
    let down = "model.layers.0.mlp.experts.down_proj";
    both.insert(down.into(), fused[down].clone());
    let err = open_err(&both);
    assert!(
        err.contains("model.layers.0.mlp.experts.down_proj.weight twice"),
        "{err}"
    );

    let mut bias = ckpt;
    bias.insert(
        "model.layers.0.mlp.gate.bias".into(),
        (vec![6], vec![0.0; 6]),
    );
    let err = open_err(&bias);
    assert!(err.contains("model.layers.0.mlp.gate.bias"), "{err}");
}

#[test]
fn per_expert_gguf_tensors_are_refused_by_name() {
    let file = GgufFile::open(fixture("mixtral").join("model.gguf")).unwrap();
    let mut w = Writer::new();
    for (k, v) in file.metadata() {
        if !k.starts_with("GGUF.") {
            w.metadata(k.clone(), v.clone());
        }
    }
    for info in file.tensors() {
        let bytes = file.tensor_data(info).unwrap().to_vec();
        w.tensor(&info.name, &info.dims, info.ggml_type, bytes);
    }
    w.tensor(
        "blk.0.ffn_gate.3.weight",
        &[64, 32],
        GgmlType::F32,
        vec![0; 64 * 32 * 4],
    );
    let out = tempfile::Builder::new().suffix(".gguf").tempfile().unwrap();
    w.write(out.path()).unwrap();
    let err = Model::open(out.path())
        .and_then(|m| m.parameters(Dtype::F32))
        .unwrap_err();
    assert!(matches!(err, Error::Config(_)), "{err}");
    assert!(
        err.to_string().contains("blk.0.ffn_gate.3.weight") && err.to_string().contains("stacked"),
        "{err}"
    );
}
