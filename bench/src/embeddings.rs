//! `bench --embeddings N`: N short inputs (16 to 32 tokens) embedded through the engine in one
//! request, against the prefill of the same tokens: as one prompt (the module's longest chunks,
//! prefill at its best) and as N prompts of one token each to generate. Rounds alternate the
//! three, so all see the same load on a shared machine; every round draws other token ids, so
//! the prefix cache holds nothing a later round could reuse.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use engine::batch::{
    EmbeddingRequest, Engine, EngineConfig, Event, FinishReason, GenerationRequest, RequestStream,
    SchedulerConfig,
};
use engine::device_sampling::SamplingMode;
use engine::embedding::Pooling;
use engine::model::LoadedModel;
use sampler::SampleParams;

/// The shortest and longest input, in tokens.
const SHORTEST: usize = 16;
const LONGEST: usize = 32;

/// Input `i` of round `round`: 16 to 32 tokens, ids spread over the vocabulary.
fn input(round: usize, i: usize, vocab: usize) -> Vec<u32> {
    let len = SHORTEST + (i * 7 + round * 3) % (LONGEST - SHORTEST + 1);
    (0..len)
        .map(|k| ((round * 7919 + i * 104_729 + k * 1_299_709 + 17) % vocab) as u32)
        .collect()
}

/// Best (shortest) seconds of each way over the rounds.
#[derive(Default)]
struct Best {
    embed: f64,
    one_prompt: f64,
    prompts: f64,
}

pub fn run(loaded: LoadedModel, n: usize, rounds: usize) -> Result<(), Box<dyn std::error::Error>> {
    use engine::batch::GraphRunner;
    let vocab = loaded.graphs.vocab();
    let lengths = loaded.graphs.embed_lengths();
    let slots = loaded.graphs.slots();
    let config = EngineConfig {
        max_queue: n + 1,
        scheduler: SchedulerConfig {
            prefill_budget: 512,
            eos: None,
            sampling: SamplingMode::Host,
        },
    };
    let engine = Engine::start(loaded.graphs, loaded.tokenizer, config);
    let mut best = Best {
        embed: f64::INFINITY,
        one_prompt: f64::INFINITY,
        prompts: f64::INFINITY,
    };
    let mut tokens = 0;
    // Round 0 warms every graph up and is not counted.
    for round in 0..=rounds {
        let inputs: Vec<Vec<u32>> = (0..n).map(|i| input(round, i, vocab)).collect();
        tokens = inputs.iter().map(Vec::len).sum();
        let embed = time_embeddings(&engine, inputs.clone())?;
        let one_prompt = time_prompts(&engine, vec![inputs.concat()])?;
        let prompts = time_prompts(&engine, inputs)?;
        eprintln!(
            "[bench] round {round}: embeddings {embed:.3} s, one prompt {one_prompt:.3} s, \
             {n} prompts {prompts:.3} s"
        );
        if round > 0 {
            best.embed = best.embed.min(embed);
            best.one_prompt = best.one_prompt.min(one_prompt);
            best.prompts = best.prompts.min(prompts);
        }
    }
    let rate = |seconds: f64| tokens as f64 / seconds;
    println!(
        "{n} inputs of {SHORTEST}-{LONGEST} tokens ({tokens} tokens), embedding chunks {lengths:?}, \
         {slots} slots, best of {rounds} rounds:"
    );
    println!(
        "  embeddings          {:8.1} tok/s  ({:.3} s)",
        rate(best.embed),
        best.embed
    );
    println!(
        "  prefill, one prompt {:8.1} tok/s  ({:.3} s)  embeddings / prefill = {:.2}x",
        rate(best.one_prompt),
        best.one_prompt,
        best.one_prompt / best.embed
    );
    println!(
        "  prefill, {n} prompts {:8.1} tok/s  ({:.3} s)  embeddings / prefill = {:.2}x",
        rate(best.prompts),
        best.prompts,
        best.prompts / best.embed
    );
    Ok(())
}

/// Seconds from submitting every input in one request to its embeddings.
fn time_embeddings(
    engine: &Engine,
    inputs: Vec<Vec<u32>>,
) -> Result<f64, Box<dyn std::error::Error>> {
    let (sender, receiver) = mpsc::channel();
    let started = Instant::now();
    let reply = Box::new(move |result| {
        let _ = sender.send(result);
    });
    let request = EmbeddingRequest {
        inputs,
        pooling: Pooling::Last,
    };
    engine.handle().embed(request, reply)?;
    receiver.recv_timeout(Duration::from_secs(600))??;
    Ok(started.elapsed().as_secs_f64())
}

/// Seconds from submitting `prompts` (one greedy token each: the prefill and the draw from its
/// logits, no decode step) to the last one's end.
fn time_prompts(
    engine: &Engine,
    prompts: Vec<Vec<u32>>,
) -> Result<f64, Box<dyn std::error::Error>> {
    let started = Instant::now();
    let streams: Vec<RequestStream> = prompts
        .into_iter()
        .map(|prompt| engine.submit(GenerationRequest::new(prompt, SampleParams::default(), 1)))
        .collect::<Result<_, _>>()?;
    for stream in streams {
        let (_, finished) = stream.collect();
        if let Event::Finished {
            reason: FinishReason::Error(error),
            ..
        } = &finished
        {
            return Err(error.to_string().into());
        }
    }
    Ok(started.elapsed().as_secs_f64())
}
