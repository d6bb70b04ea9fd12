//! The bench's results: derived ratios, a text table, JSON.

use engine::model::LoadedModel;
use serde::Serialize;

use crate::measure::{DecodeResult, PrefillResult};

#[derive(Debug, Serialize)]
pub struct Report {
    pub model: String,
    pub slots: usize,
    pub capacity: usize,
    /// The exact kernels decode rows took (`--decode-kernels`): float or fixed keep a row's
    /// bits independent of its batch, fastest does not.
    pub decode_kernels: String,
    /// What the layers' and the LM head's kernel products multiplied by (`--activations`,
    /// `--head-activations`): f32 (exact) or q8.
    pub activations: String,
    pub head_activations: String,
    pub weight_bytes: u64,
    /// Weight bytes one decode step reads (embedding rows excluded unless
    /// the embedding doubles as the LM head).
    pub weight_bytes_per_step: u64,
    pub kv_bytes: u64,
    /// Bytes of one sequence's linear-attention states (Qwen 3.5), the same at any context
    /// length; the module holds one per slot (included in `kv_bytes`).
    pub state_bytes_per_sequence: Option<u64>,
    pub bandwidth_gb_s: f64,
    pub prefill: PrefillResult,
    pub decode: Vec<DecodeResult>,
    /// B=1 weight read rate over the measured (best-of-rounds) bandwidth, from the median step.
    pub b1_efficiency: Option<f64>,
    /// The same from the fastest step, which like the bandwidth is a best case.
    pub b1_efficiency_best: Option<f64>,
    /// B=1 read rate over the bandwidth measured right before it, per round (bandwidth in
    /// GB/s, median step ms, rate); the median rate is the figure least moved by the load
    /// of a shared machine.
    pub b1_paired: Vec<(f64, f64, f64)>,
    pub b1_paired_median: Option<f64>,
    /// Largest batch's aggregate tok/s over B=1's (host sampling).
    pub batch_speedup: Option<f64>,
    /// Per batch size: device-sampling tok/s over host-sampling tok/s.
    pub device_over_host: Vec<(usize, f64)>,
    pub rss_bytes: u64,
    pub peak_rss_bytes: u64,
    /// Resident memory over (weight bytes + KV bytes).
    pub memory_ratio: f64,
    /// Tensor bytes of the source file, when it is a GGUF file.
    pub source_bytes: Option<u64>,
    /// Resident memory over (source tensor bytes + KV bytes).
    pub source_memory_ratio: Option<f64>,
}

/// Resident memory after the run, and the source file's tensor bytes when known.
pub struct Memory {
    pub rss: u64,
    pub peak: u64,
    pub source_bytes: Option<u64>,
}

impl Report {
    pub fn new(
        loaded: &LoadedModel,
        bandwidth: f64,
        prefill: PrefillResult,
        decode: Vec<DecodeResult>,
        pairs: &[(f64, f64)],
        memory: Memory,
    ) -> Report {
        let Memory {
            rss,
            peak,
            source_bytes,
        } = memory;
        let manifest = loaded.graphs.manifest();
        // Stored bytes: 4-bit codes take half a byte each, group scales count too.
        let bytes =
            |ty: &emitter::hlo::TensorType| ty.num_elements() as u64 * ty.elem.bits() as u64 / 8;
        let weight_bytes: u64 = manifest.parameters.iter().map(|p| bytes(&p.ty)).sum();
        // A one-token step reads `per_token` of a layer's `count` stacked experts.
        let experts = manifest.config.experts.as_ref();
        let share = experts.map_or(1.0, |e| e.per_token as f64 / e.count as f64);
        let unread: u64 = (manifest.parameters.iter())
            .filter(|p| emitter::graph::is_expert_stack(&p.name))
            .map(|p| (bytes(&p.ty) as f64 * (1.0 - share)) as u64)
            .sum();
        // The embedding's parameter, or the parts of a grouped one.
        let embed: u64 = manifest
            .parameters
            .iter()
            .filter(|p| p.name.contains("embed_tokens.weight"))
            .map(|p| bytes(&p.ty))
            .sum();
        let weight_bytes_per_step = if manifest.config.tie_word_embeddings {
            weight_bytes - unread
        } else {
            weight_bytes - embed - unread
        };
        let kv = &manifest.kv_cache;
        let state_bytes_per_sequence = kv.states.as_ref().map(|s| s.bytes_per_slot());
        let kv_bytes: u64 = (kv.owned_layers().into_iter())
            .map(|l| 2 * bytes(&kv.layer_type(l)))
            .sum::<u64>()
            + state_bytes_per_sequence.unwrap_or(0) * manifest.slots as u64;
        let host = || decode.iter().filter(|d| d.sampling == "host");
        let b1 = host().find(|d| d.batch == 1);
        let b1_efficiency =
            b1.map(|d| weight_bytes_per_step as f64 / (d.step_ms / 1e3) / bandwidth);
        let b1_efficiency_best =
            b1.map(|d| weight_bytes_per_step as f64 / (d.step_ms_min / 1e3) / bandwidth);
        let b1_paired: Vec<(f64, f64, f64)> = pairs
            .iter()
            .map(|&(bw, ms)| (bw / 1e9, ms, weight_bytes_per_step as f64 / (ms / 1e3) / bw))
            .collect();
        let mut rates: Vec<f64> = b1_paired.iter().map(|p| p.2).collect();
        rates.sort_by(f64::total_cmp);
        let b1_paired_median = rates.get(rates.len() / 2).copied();
        let largest = host().max_by_key(|d| d.batch);
        let device_over_host = host()
            .filter_map(|h| {
                let d = decode
                    .iter()
                    .find(|d| d.sampling == "device" && d.batch == h.batch)?;
                Some((h.batch, d.tokens_per_second / h.tokens_per_second))
            })
            .collect();
        let batch_speedup = b1
            .zip(largest)
            .map(|(one, big)| big.tokens_per_second / one.tokens_per_second);
        Report {
            model: loaded
                .vmfb
                .file_stem()
                .map_or(String::new(), |s| s.to_string_lossy().into_owned()),
            slots: manifest.slots,
            decode_kernels: String::new(),
            activations: String::new(),
            head_activations: String::new(),
            capacity: manifest.capacity,
            weight_bytes,
            weight_bytes_per_step,
            kv_bytes,
            state_bytes_per_sequence,
            bandwidth_gb_s: bandwidth / 1e9,
            prefill,
            decode,
            b1_efficiency,
            b1_efficiency_best,
            b1_paired,
            b1_paired_median,
            batch_speedup,
            device_over_host,
            rss_bytes: rss,
            peak_rss_bytes: peak,
            memory_ratio: rss as f64 / (weight_bytes + kv_bytes) as f64,
            source_bytes,
            source_memory_ratio: source_bytes.map(|s| rss as f64 / (s + kv_bytes) as f64),
        }
    }

    pub fn table(&self) -> String {
        let mb = |b: u64| b as f64 / (1 << 20) as f64;
        let mut out = String::new();
        out.push_str(&format!(
            "model {}  slots {} x capacity {}  decode kernels {}  activations {} (head {})  weights {:.0} MiB (read per step {:.0} MiB)  KV {:.0} MiB  read bandwidth {:.1} GB/s\n",
            self.model,
            self.slots,
            self.capacity,
            self.decode_kernels,
            self.activations,
            self.head_activations,
            mb(self.weight_bytes),
            mb(self.weight_bytes_per_step),
            mb(self.kv_bytes),
            self.bandwidth_gb_s
        ));
        if let Some(state) = self.state_bytes_per_sequence {
            out.push_str(&format!(
                "linear-attention states {:.2} MiB per sequence, at any context length\n",
                mb(state)
            ));
        }
        out.push_str(&format!(
            "prefill {} tokens (chunks of {}): {:.0} tok/s\n\n",
            self.prefill.tokens, self.prefill.chunk, self.prefill.tokens_per_second
        ));
        out.push_str("| B | sampling | context | step ms (median) | step ms (mean) | step ms (min) | forward ms (median) | tok/s (mean) | host sampler ms/step | host sampler share | bytes read back/step |\n");
        out.push_str("|---|---|---|---|---|---|---|---|---|---|---|\n");
        for d in &self.decode {
            out.push_str(&format!(
                "| {} | {} | {} | {:.2} | {:.2} | {:.2} | {:.2} | {:.1} | {:.3} | {:.2}% | {} |\n",
                d.batch,
                d.sampling,
                d.context,
                d.step_ms,
                d.step_ms_mean,
                d.step_ms_min,
                d.forward_ms,
                d.tokens_per_second,
                d.sample_ms,
                d.sample_share * 100.0,
                d.bytes_read_back
            ));
        }
        if let (Some(e), Some(best)) = (self.b1_efficiency, self.b1_efficiency_best) {
            out.push_str(&format!(
                "\nB=1 weight read rate (host sampling): {:.1}% of measured bandwidth (median step), {:.1}% (fastest step)\n",
                e * 100.0,
                best * 100.0
            ));
        }
        if let Some(m) = self.b1_paired_median {
            let (lo, hi) = self
                .b1_paired
                .iter()
                .fold((f64::INFINITY, 0f64), |(lo, hi), p| {
                    (lo.min(p.2), hi.max(p.2))
                });
            let bws: Vec<String> = self
                .b1_paired
                .iter()
                .map(|p| format!("{:.1}", p.0))
                .collect();
            out.push_str(&format!(
                "B=1 read rate paired with the bandwidth measured around it: median {:.1}% over {} rounds (range {:.1}-{:.1}%; bandwidths {} GB/s)\n",
                m * 100.0,
                self.b1_paired.len(),
                lo * 100.0,
                hi * 100.0,
                bws.join(", ")
            ));
        }
        if let Some(s) = self.batch_speedup {
            out.push_str(&format!(
                "largest batch aggregate tok/s over B=1: {s:.2}x\n"
            ));
        }
        for (b, r) in &self.device_over_host {
            out.push_str(&format!(
                "B={b}: device sampling tok/s over host sampling: {r:.3}x\n"
            ));
        }
        out.push_str(&format!(
            "resident memory {:.0} MiB (peak {:.0} MiB) = {:.2}x (weights + KV)",
            mb(self.rss_bytes),
            mb(self.peak_rss_bytes),
            self.memory_ratio
        ));
        match (self.source_bytes, self.source_memory_ratio) {
            (Some(source), Some(ratio)) => out.push_str(&format!(
                " = {ratio:.2}x (GGUF tensor bytes {:.0} MiB + KV {:.0} MiB)\n",
                mb(source),
                mb(self.kv_bytes)
            )),
            _ => out.push('\n'),
        }
        out
    }
}
