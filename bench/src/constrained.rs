//! `bench --json-schema FILE`: the cost of constrained decoding through the engine. The same
//! batch of requests runs with and without the schema (alternating rounds, so both see the
//! same load on a shared machine); a step's time is taken after the prefill, from the moment
//! every row has its first token, and rows should not finish early (a schema that cannot be
//! complete within `--tokens`). The mask time per token is timed on its own by replaying a
//! constrained answer's tokens through a fresh matcher.

use std::sync::Arc;
use std::time::Instant;

use engine::batch::GraphRunner;
use engine::batch::{
    Engine, EngineConfig, Event, FinishReason, GenerationRequest, SchedulerConfig,
};
use engine::device_sampling::SamplingMode;
use engine::grammar::{Grammar, GrammarCompiler};
use engine::model::LoadedModel;
use sampler::SampleParams;

/// One round: `rows` requests of `tokens` tokens each, submitted together.
struct Round {
    /// From the moment every row has its first token (the prefill is over) to the end.
    decode_seconds: f64,
    /// Decode steps in that time: the longest row's tokens after its first.
    decode_steps: usize,
    generated: usize,
    /// The token ids of the first request (for the mask replay).
    first: Vec<u32>,
}

fn round(
    engine: &Engine,
    prompt: &[u32],
    rows: usize,
    tokens: usize,
    constraint: Option<&engine::grammar::Constraint>,
) -> Result<Round, Box<dyn std::error::Error>> {
    let mut streams = Vec::with_capacity(rows);
    for row in 0..rows {
        let params = SampleParams {
            temperature: 0.8,
            top_p: 0.95,
            seed: 7 + row as u64,
            ..SampleParams::default()
        };
        let mut request = GenerationRequest::new(prompt.to_vec(), params, tokens);
        request.ignore_eos = true;
        request.constraint = constraint.cloned();
        streams.push(engine.submit(request)?);
    }
    let mut ids: Vec<Vec<u32>> = vec![Vec::new(); rows];
    let mut record = |row: usize, event: Event| -> Result<(), Box<dyn std::error::Error>> {
        match event {
            Event::Token { id, .. } => ids[row].push(id),
            Event::PromptLogprobs(_) => {}
            Event::Finished {
                reason: FinishReason::Error(e),
                ..
            } => return Err(format!("request failed: {e}").into()),
            Event::Finished { .. } => {}
        }
        Ok(())
    };
    for (row, stream) in streams.iter_mut().enumerate() {
        if let Some(event) = stream.next() {
            record(row, event)?;
        }
    }
    let decoding = Instant::now();
    for (row, stream) in streams.iter_mut().enumerate() {
        for event in stream.by_ref() {
            record(row, event)?;
        }
    }
    let decode_seconds = decoding.elapsed().as_secs_f64();
    let longest = ids.iter().map(Vec::len).max().unwrap_or(0);
    Ok(Round {
        decode_seconds,
        decode_steps: longest.saturating_sub(1),
        generated: ids.iter().map(Vec::len).sum(),
        first: ids.swap_remove(0),
    })
}

/// Runs the comparison and prints a table.
pub fn run(
    loaded: LoadedModel,
    schema_path: &std::path::Path,
    rows: usize,
    tokens: usize,
    rounds: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    let schema = serde_json::from_str(&std::fs::read_to_string(schema_path)?)?;
    let tokenizer: Arc<loader::Tokenizer> = loaded
        .tokenizer
        .clone()
        .ok_or("the model has no tokenizer")?;
    let vocab = loaded.graphs.vocab();
    let built = Instant::now();
    let compiler = GrammarCompiler::for_tokenizer(tokenizer.clone(), vocab)?;
    let build_ms = built.elapsed().as_secs_f64() * 1e3;
    let compiled = Instant::now();
    let constraint = compiler.compile(&Grammar::JsonSchema(schema))?;
    let compile_ms = compiled.elapsed().as_secs_f64() * 1e3;
    let prompt = engine::prompt::chat(
        loaded.chat_template.as_ref(),
        Some(&tokenizer),
        &[loader::ChatMessage::new("user", "Describe a city as JSON.")],
    )?;
    let config = EngineConfig {
        max_queue: rows * 2,
        scheduler: SchedulerConfig {
            prefill_budget: 512,
            eos: loaded.eos,
            sampling: SamplingMode::Host,
        },
    };
    let engine = Engine::start(loaded.graphs, Some(tokenizer), config);
    // Warm-up: page in weights, fill caches.
    round(&engine, &prompt, rows, 8, None)?;
    let (mut free, mut bound) = (Vec::new(), Vec::new());
    let mut answer = Vec::new();
    for index in 0..rounds {
        // Each pair runs in the other order from the one before, so that neither side is
        // always the one after a pause.
        if index % 2 == 0 {
            free.push(round(&engine, &prompt, rows, tokens, None)?);
        }
        let constrained = round(&engine, &prompt, rows, tokens, Some(&constraint))?;
        if index % 2 == 1 {
            free.push(round(&engine, &prompt, rows, tokens, None)?);
        }
        if constrained.first.len() > answer.len() {
            answer = constrained.first.clone();
        }
        bound.push(constrained);
    }
    let per_step = |r: &Round| r.decode_seconds * 1e3 / r.decode_steps.max(1) as f64;
    let median = |rs: &[Round]| {
        let mut v: Vec<f64> = rs.iter().map(per_step).collect();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (free_ms, bound_ms) = (median(&free), median(&bound));
    // Each pair ran back to back, so its ratio sees one load; their median resists a load that
    // moves between pairs better than the ratio of the medians does.
    let mut paired: Vec<f64> = free
        .iter()
        .zip(&bound)
        .map(|(f, b)| per_step(b) / per_step(f))
        .collect();
    paired.sort_by(f64::total_cmp);
    let paired_median = paired[paired.len() / 2];
    // Mask cost alone: the first constrained answer's tokens replayed through a fresh matcher.
    // Applying the mask to a row of logits and advancing the matcher run on the engine thread
    // after the step, so they are timed too.
    let mut replay = constraint.clone();
    let mut mask_us = Vec::with_capacity(answer.len());
    let (mut apply_us, mut advance_us) = (0.0, 0.0);
    let mut logits = vec![0.5f32; vocab];
    for &token in &answer {
        let started = Instant::now();
        replay.prepare()?;
        mask_us.push(started.elapsed().as_secs_f64() * 1e6);
        let applied = Instant::now();
        replay.apply(&mut logits)?;
        apply_us += applied.elapsed().as_secs_f64() * 1e6;
        let advanced = Instant::now();
        replay.advance(token)?;
        advance_us += advanced.elapsed().as_secs_f64() * 1e6;
        if replay.is_finished() {
            break;
        }
    }
    let replayed = mask_us.len().max(1) as f64;
    let mask_mean = mask_us.iter().sum::<f64>() / replayed;
    mask_us.sort_by(f64::total_cmp);
    let pick = |q: f64| mask_us[((mask_us.len() - 1) as f64 * q) as usize];
    println!(
        "| rows | tokens/row | rounds | unconstrained ms/step | constrained ms/step | ratio | median ratio of pairs |"
    );
    println!("|---|---|---|---|---|---|---|");
    println!(
        "| {rows} | {tokens} | {rounds} | {free_ms:.2} | {bound_ms:.2} | {:.3} | {paired_median:.3} |",
        bound_ms / free_ms
    );
    let generated: usize = bound.iter().map(|r| r.generated).sum();
    println!(
        "\nvocabulary {vocab}: trie and factory built in {build_ms:.0} ms, schema compiled in {compile_ms:.1} ms; \
         mask per token over {} tokens: mean {mask_mean:.0} us, median {:.0} us, p90 {:.0} us, max {:.0} us; \
         applying it to a row {:.0} us and advancing {:.0} us on average; {generated} constrained tokens generated",
        mask_us.len(),
        pick(0.5),
        pick(0.9),
        pick(1.0),
        apply_us / replayed,
        advance_us / replayed,
    );
    Ok(())
}
