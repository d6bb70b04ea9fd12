//! A plain f32 forward pass for Llama-family models, written independently of the emitter to
//! check its graphs: one token at a time, every loop spelled out, no dependency but std.
//!
//! Weights are HF-layout tensors keyed by HF names (`model.layers.0.self_attn.q_proj.weight`
//! is `[out, in]`); q/k rows are in HF order, so RoPE is rotate-half. Values are stored as f32
//! and summed in f64.

use std::collections::HashMap;

/// Tensors by HF name: row-major shape and data.
pub type Weights = HashMap<String, (Vec<usize>, Vec<f32>)>;

/// RoPE frequency scaling as in HF transformers.
#[derive(Debug, Clone, PartialEq)]
pub enum RefRopeScaling {
    None,
    Linear {
        factor: f64,
    },
    Llama3 {
        factor: f64,
        low_freq_factor: f64,
        high_freq_factor: f64,
        original_max_position_embeddings: f64,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct RefConfig {
    pub vocab_size: usize,
    pub hidden_size: usize,
    pub intermediate_size: usize,
    pub num_layers: usize,
    pub num_heads: usize,
    pub num_kv_heads: usize,
    pub head_dim: usize,
    pub rope_theta: f64,
    pub rope_scaling: RefRopeScaling,
    pub rms_norm_eps: f64,
    pub tie_word_embeddings: bool,
    pub qkv_bias: bool,
    pub o_bias: bool,
    pub mlp_bias: bool,
    /// GELU (tanh approximation) instead of SiLU on the MLP gate.
    pub gelu_tanh: bool,
    /// Multiplier of the embedding rows (Gemma: sqrt(hidden_size)).
    pub embedding_scale: Option<f64>,
    /// Multiplier of q·k; `None` is 1/sqrt(head_dim).
    pub attention_scale: Option<f64>,
    /// RMSNorm of each q and k head before RoPE (`self_attn.q_norm`, `self_attn.k_norm`).
    pub qk_norm: bool,
    /// Sliding-window layers see the last `sliding_window` positions (their own included).
    pub sliding_window: Option<usize>,
    /// Which layers slide; empty means all of them when `sliding_window` is set.
    pub sliding_layers: Vec<bool>,
    /// RoPE base of sliding layers, when it differs from `rope_theta` (Gemma 3's local base).
    pub sliding_rope_theta: Option<f64>,
    /// Norms after attention and after the MLP too: `post_attention_layernorm` norms the
    /// attention output, `pre_feedforward_layernorm` the MLP input and
    /// `post_feedforward_layernorm` its output (Gemma).
    pub post_norms: bool,
    /// Added to every norm weight (HF Gemma scales by `1 + w`).
    pub norm_offset: f32,
}

impl RefConfig {
    /// The window of `layer`, `None` for full attention.
    fn window(&self, layer: usize) -> Option<usize> {
        let slides = self.sliding_layers.get(layer).copied().unwrap_or(true);
        self.sliding_window.filter(|_| slides)
    }
}

/// Logits `[tokens.len()][vocab]`: position i sees tokens `0..=i`.
pub fn forward(cfg: &RefConfig, weights: &Weights, tokens: &[u32]) -> Vec<Vec<f32>> {
    let w = Lookup { cfg, weights };
    let full_freq = inv_freq(cfg, cfg.rope_theta);
    let sliding_freq = inv_freq(cfg, cfg.sliding_rope_theta.unwrap_or(cfg.rope_theta));
    let mut caches: Vec<LayerCache> = (0..cfg.num_layers).map(|_| LayerCache::default()).collect();
    let mut logits = Vec::with_capacity(tokens.len());
    for (pos, &token) in tokens.iter().enumerate() {
        let mut x = w.embedding_row(token);
        for (layer, cache) in caches.iter_mut().enumerate() {
            let freq = match cfg.window(layer) {
                Some(_) => &sliding_freq,
                None => &full_freq,
            };
            x = decoder_layer(&w, layer, cache, &x, pos, freq);
        }
        let x = w.norm(&x, "model.norm.weight");
        let head = if cfg.tie_word_embeddings {
            "model.embed_tokens.weight"
        } else {
            "lm_head.weight"
        };
        logits.push(matvec(w.get(head, &[cfg.vocab_size, cfg.hidden_size]), &x));
    }
    logits
}

/// Keys and values of the positions seen so far, each `[kv_heads * head_dim]`.
#[derive(Default)]
struct LayerCache {
    keys: Vec<Vec<f32>>,
    values: Vec<Vec<f32>>,
}

struct Lookup<'a> {
    cfg: &'a RefConfig,
    weights: &'a Weights,
}

impl Lookup<'_> {
    fn get(&self, name: &str, shape: &[usize]) -> &[f32] {
        let (s, data) = self
            .weights
            .get(name)
            .unwrap_or_else(|| panic!("reference: missing weight {name}"));
        assert_eq!(
            s, shape,
            "reference: weight {name} has shape {s:?}, expected {shape:?}"
        );
        data
    }

    /// RMSNorm of `x` by the norm weight `name` (plus the offset).
    fn norm(&self, x: &[f32], name: &str) -> Vec<f32> {
        let gain: Vec<f32> = self
            .get(name, &[x.len()])
            .iter()
            .map(|g| g + self.cfg.norm_offset)
            .collect();
        rms_norm(x, &gain, self.cfg.rms_norm_eps)
    }

    fn embedding_row(&self, token: u32) -> Vec<f32> {
        let e = self.cfg.hidden_size;
        let table = self.get("model.embed_tokens.weight", &[self.cfg.vocab_size, e]);
        let t = token as usize;
        assert!(
            t < self.cfg.vocab_size,
            "reference: token {t} outside the vocabulary"
        );
        let scale = self.cfg.embedding_scale.map_or(1.0, |s| s as f32);
        table[t * e..(t + 1) * e]
            .iter()
            .map(|v| v * scale)
            .collect()
    }

    /// `W x + b` for the projection `name` (`[out, in]`), bias when `bias` is set.
    fn linear(&self, name: &str, out: usize, x: &[f32], bias: bool) -> Vec<f32> {
        let mut y = matvec(self.get(&format!("{name}.weight"), &[out, x.len()]), x);
        if bias {
            let b = self.get(&format!("{name}.bias"), &[out]);
            y.iter_mut().zip(b).for_each(|(v, b)| *v += b);
        }
        y
    }
}

fn decoder_layer(
    w: &Lookup,
    layer: usize,
    cache: &mut LayerCache,
    x: &[f32],
    pos: usize,
    inv_freq: &[f64],
) -> Vec<f32> {
    let cfg = w.cfg;
    let p = format!("model.layers.{layer}.");
    let (d, kv_dim) = (cfg.head_dim, cfg.num_kv_heads * cfg.head_dim);
    let h = w.norm(x, &format!("{p}input_layernorm.weight"));
    let mut q = w.linear(
        &format!("{p}self_attn.q_proj"),
        cfg.num_heads * d,
        &h,
        cfg.qkv_bias,
    );
    let mut k = w.linear(&format!("{p}self_attn.k_proj"), kv_dim, &h, cfg.qkv_bias);
    let v = w.linear(&format!("{p}self_attn.v_proj"), kv_dim, &h, cfg.qkv_bias);
    if cfg.qk_norm {
        let norm_heads = |x: &mut Vec<f32>, name: &str| {
            let name = format!("{p}self_attn.{name}.weight");
            *x = x.chunks(d).flat_map(|head| w.norm(head, &name)).collect();
        };
        norm_heads(&mut q, "q_norm");
        norm_heads(&mut k, "k_norm");
    }
    q.chunks_mut(d)
        .for_each(|head| rotate_half_rope(head, pos, inv_freq));
    k.chunks_mut(d)
        .for_each(|head| rotate_half_rope(head, pos, inv_freq));
    cache.keys.push(k);
    cache.values.push(v);
    // A sliding layer sees positions pos - window + 1 ..= pos.
    let first = cfg
        .window(layer)
        .map_or(0, |window| (pos + 1).saturating_sub(window));
    let attn = attention(cfg, cache, first, &q);
    let o = w.linear(
        &format!("{p}self_attn.o_proj"),
        cfg.hidden_size,
        &attn,
        cfg.o_bias,
    );
    let o = match cfg.post_norms {
        true => w.norm(&o, &format!("{p}post_attention_layernorm.weight")),
        false => o,
    };
    let x: Vec<f32> = x.iter().zip(&o).map(|(a, b)| a + b).collect();

    let pre_mlp = match cfg.post_norms {
        true => "pre_feedforward_layernorm",
        false => "post_attention_layernorm",
    };
    let h = w.norm(&x, &format!("{p}{pre_mlp}.weight"));
    let i = cfg.intermediate_size;
    let gate = w.linear(&format!("{p}mlp.gate_proj"), i, &h, cfg.mlp_bias);
    let up = w.linear(&format!("{p}mlp.up_proj"), i, &h, cfg.mlp_bias);
    let gate_act = if cfg.gelu_tanh { gelu_tanh } else { silu };
    let act: Vec<f32> = gate
        .iter()
        .zip(&up)
        .map(|(&g, &u)| gate_act(g) * u)
        .collect();
    let down = w.linear(
        &format!("{p}mlp.down_proj"),
        cfg.hidden_size,
        &act,
        cfg.mlp_bias,
    );
    let down = match cfg.post_norms {
        true => w.norm(&down, &format!("{p}post_feedforward_layernorm.weight")),
        false => down,
    };
    x.iter().zip(&down).map(|(a, b)| a + b).collect()
}

/// Causal attention of one query position over the cached positions from `first` on; head h
/// reads kv head `h / (num_heads / num_kv_heads)`.
fn attention(cfg: &RefConfig, cache: &LayerCache, first: usize, q: &[f32]) -> Vec<f32> {
    let (keys, values) = (&cache.keys[first..], &cache.values[first..]);
    let d = cfg.head_dim;
    let group = cfg.num_heads / cfg.num_kv_heads;
    let scale = cfg.attention_scale.unwrap_or(1.0 / (d as f64).sqrt());
    let mut out = vec![0.0f32; cfg.num_heads * d];
    for h in 0..cfg.num_heads {
        let kv = (h / group) * d;
        let qh = &q[h * d..(h + 1) * d];
        let scores: Vec<f64> = keys
            .iter()
            .map(|k| dot(qh, &k[kv..kv + d]) * scale)
            .collect();
        let max = scores.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let exps: Vec<f64> = scores.iter().map(|s| (s - max).exp()).collect();
        let total: f64 = exps.iter().sum();
        for j in 0..d {
            let acc: f64 = exps
                .iter()
                .zip(values)
                .map(|(e, v)| e * v[kv + j] as f64)
                .sum();
            out[h * d + j] = (acc / total) as f32;
        }
    }
    out
}

fn dot(a: &[f32], b: &[f32]) -> f64 {
    a.iter().zip(b).map(|(&x, &y)| x as f64 * y as f64).sum()
}

fn matvec(w: &[f32], x: &[f32]) -> Vec<f32> {
    w.chunks(x.len()).map(|row| dot(row, x) as f32).collect()
}

fn rms_norm(x: &[f32], gain: &[f32], eps: f64) -> Vec<f32> {
    let mean_sq = x.iter().map(|&v| v as f64 * v as f64).sum::<f64>() / x.len() as f64;
    let r = 1.0 / (mean_sq + eps).sqrt();
    x.iter()
        .zip(gain)
        .map(|(&v, &g)| (v as f64 * r) as f32 * g)
        .collect()
}

fn gelu_tanh(x: f32) -> f32 {
    let x = x as f64;
    let inner = (2.0 / std::f64::consts::PI).sqrt() * (x + 0.044715 * x * x * x);
    (0.5 * x * (1.0 + inner.tanh())) as f32
}

fn silu(x: f32) -> f32 {
    let x = x as f64;
    (x / (1.0 + (-x).exp())) as f32
}

/// HF rotate-half RoPE on one head: pairs (i, i + D/2) rotate by `pos * inv_freq[i]`.
fn rotate_half_rope(head: &mut [f32], pos: usize, inv_freq: &[f64]) {
    let half = head.len() / 2;
    for (i, f) in inv_freq.iter().enumerate() {
        let (sin, cos) = (pos as f64 * f).sin_cos();
        let (a, b) = (head[i] as f64, head[i + half] as f64);
        head[i] = (a * cos - b * sin) as f32;
        head[i + half] = (b * cos + a * sin) as f32;
    }
}

fn inv_freq(cfg: &RefConfig, theta: f64) -> Vec<f64> {
    let d = cfg.head_dim as f64;
    let base = (0..cfg.head_dim / 2).map(|i| 1.0 / theta.powf((2 * i) as f64 / d));
    match cfg.rope_scaling {
        RefRopeScaling::None => base.collect(),
        RefRopeScaling::Linear { factor } => base.map(|f| f / factor).collect(),
        RefRopeScaling::Llama3 {
            factor,
            low_freq_factor,
            high_freq_factor,
            original_max_position_embeddings: old,
        } => base
            .map(|f| {
                let wavelen = 2.0 * std::f64::consts::PI / f;
                let smooth =
                    (old / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor);
                if wavelen < old / high_freq_factor {
                    f
                } else if wavelen > old / low_freq_factor {
                    f / factor
                } else {
                    (1.0 - smooth) * f / factor + smooth * f
                }
            })
            .collect(),
    }
}
