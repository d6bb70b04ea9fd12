//! Weight parameters: HF names, their stored layouts, and the module globals that load them.

use super::linear::WeightLayout;
use crate::config::ModelConfig;
use crate::hlo::{ElemType, Global, GlobalInit, TensorType};

/// The parameter scope the runtime binds the weight file to.
pub const PARAMETER_SCOPE: &str = "model";

/// One weight: its HF checkpoint name (also the global's symbol) and stored type.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    pub name: String,
    pub ty: TensorType,
}

impl Param {
    pub fn global(&self) -> Global {
        let init = GlobalInit::Parameter {
            scope: PARAMETER_SCOPE.into(),
            key: self.name.clone(),
        };
        Global {
            name: self.name.clone(),
            ty: self.ty.clone(),
            init,
        }
    }
}

/// The suffixes of one decoder layer's weights, in the order the layer function takes them.
pub fn layer_suffixes(cfg: &ModelConfig) -> Vec<String> {
    let mut s = vec!["input_layernorm.weight".to_string()];
    let proj = |s: &mut Vec<String>, name: &str, bias: bool| {
        s.push(format!("{name}.weight"));
        if bias {
            s.push(format!("{name}.bias"));
        }
    };
    for name in ["self_attn.q_proj", "self_attn.k_proj", "self_attn.v_proj"] {
        proj(&mut s, name, cfg.qkv_bias);
    }
    if cfg.qk_norm {
        s.push("self_attn.q_norm.weight".to_string());
        s.push("self_attn.k_norm.weight".to_string());
    }
    proj(&mut s, "self_attn.o_proj", cfg.o_bias);
    s.push("post_attention_layernorm.weight".to_string());
    for name in ["mlp.gate_proj", "mlp.up_proj", "mlp.down_proj"] {
        proj(&mut s, name, cfg.mlp_bias);
    }
    s
}

/// Stored shape of a layer weight: `[out, in]` projections in `layout`, vectors as they are.
pub fn layer_shape(cfg: &ModelConfig, suffix: &str, layout: WeightLayout) -> Vec<i64> {
    let e = cfg.hidden_size as i64;
    let q = (cfg.num_attention_heads * cfg.head_dim) as i64;
    let kv = (cfg.num_key_value_heads * cfg.head_dim) as i64;
    let i = cfg.intermediate_size as i64;
    let (out, inp) = match suffix.rsplit_once('.').map_or(suffix, |(p, _)| p) {
        "input_layernorm" | "post_attention_layernorm" => (e, 0),
        "self_attn.q_norm" | "self_attn.k_norm" => (cfg.head_dim as i64, 0),
        "self_attn.q_proj" => (q, e),
        "self_attn.k_proj" | "self_attn.v_proj" => (kv, e),
        "self_attn.o_proj" => (e, q),
        "mlp.gate_proj" | "mlp.up_proj" => (i, e),
        "mlp.down_proj" => (e, i),
        other => unreachable!("unknown layer weight {other}"),
    };
    if inp == 0 || suffix.ends_with(".bias") {
        vec![out]
    } else if suffix.starts_with("self_attn.o_proj") {
        // Its input is the attention output put back into `[E, M]` by a transpose. IREE folds
        // that transpose into the broadcast of a tiled product, which it then cannot fuse into
        // the sum and writes out whole: `[E/16, E, 16, M]` per layer, 4.5x slower prefill and
        // slower B = 8 decode (measured). A row-layout `dot_general` takes the transpose in.
        WeightLayout::Rows.shape(out, inp)
    } else {
        layout.shape(out, inp)
    }
}

/// Every weight of the model, grouped the way the graphs use them.
#[derive(Debug, Clone)]
pub struct Weights {
    pub embed: Param,
    pub layers: Vec<Vec<Param>>,
    pub norm: Param,
    /// `None` when the LM head is tied to the embedding.
    pub lm_head: Option<Param>,
}

impl Weights {
    /// `layout` applies to the layers' projections; the embedding and the LM head keep their
    /// rows (see `linear`).
    pub fn new(cfg: &ModelConfig, dtype: ElemType, layout: WeightLayout) -> Self {
        let p = |name: String, shape: Vec<i64>| Param {
            name,
            ty: TensorType::new(shape, dtype),
        };
        let (v, e) = (cfg.vocab_size as i64, cfg.hidden_size as i64);
        let layers = (0..cfg.num_hidden_layers)
            .map(|l| {
                let suffixes = layer_suffixes(cfg);
                suffixes
                    .iter()
                    .map(|s| p(format!("model.layers.{l}.{s}"), layer_shape(cfg, s, layout)))
                    .collect()
            })
            .collect();
        Weights {
            embed: p("model.embed_tokens.weight".into(), vec![v, e]),
            layers,
            norm: p("model.norm.weight".into(), vec![e]),
            lm_head: (!cfg.tie_word_embeddings).then(|| p("lm_head.weight".into(), vec![v, e])),
        }
    }

    /// The LM head weight (the embedding when tied).
    pub fn head(&self) -> &Param {
        self.lm_head.as_ref().unwrap_or(&self.embed)
    }

    /// All parameters in file order: embedding, layers, final norm, LM head.
    pub fn all(&self) -> Vec<&Param> {
        let mut all = vec![&self.embed];
        all.extend(self.layers.iter().flatten());
        all.push(&self.norm);
        all.extend(&self.lm_head);
        all
    }
}
