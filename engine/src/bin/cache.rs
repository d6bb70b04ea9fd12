//! `cache`: what the cache holds (compiled modules and converted weights, with their sizes and
//! last use), and pruning it to a size, least recently used first.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::SystemTime;

use clap::{Parser, Subcommand};
use engine::cache::{self, human_bytes};

#[derive(Parser, Debug)]
#[command(
    name = "cache",
    version,
    about = "List and prune the cache of modules and weights"
)]
struct Args {
    /// The cache directory. [default: LLM_IREE_CACHE, else .cache in the workspace]
    #[arg(long)]
    dir: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Every entry, least recently used first, with the total and the limit (the default).
    List,
    /// Removes least recently used entries until the cache holds at most SIZE (default: the
    /// limit, LLM_IREE_CACHE_LIMIT or 20G); `--max-size 0` empties it. Downloaded models stay.
    Prune {
        #[arg(long, value_parser = parse_size)]
        max_size: Option<u64>,
    },
}

fn parse_size(text: &str) -> Result<u64, String> {
    cache::parse_size(text).map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    engine::logs::init();
    let args = Args::parse();
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Args) -> Result<(), cache::CacheError> {
    let dir = args.dir.unwrap_or_else(engine::paths::cache_dir);
    match args.command.unwrap_or(Command::List) {
        Command::List => list(&dir),
        Command::Prune { max_size } => {
            let limit = match max_size {
                Some(size) => size,
                None => cache::limit()?,
            };
            let removed = cache::prune(&dir, limit, &[])?;
            let freed: u64 = removed.iter().map(|e| e.bytes).sum();
            for entry in &removed {
                println!(
                    "removed {} ({})",
                    entry.path.display(),
                    human_bytes(entry.bytes)
                );
            }
            println!(
                "{} entries removed, {} freed",
                removed.len(),
                human_bytes(freed)
            );
            Ok(())
        }
    }
}

fn list(dir: &std::path::Path) -> Result<(), cache::CacheError> {
    let entries = cache::entries(dir)?;
    let now = SystemTime::now();
    println!("{:<9} {:>10} {:>12}  path", "kind", "size", "last use");
    for entry in &entries {
        let age = now.duration_since(entry.last_use).unwrap_or_default();
        println!(
            "{:<9} {:>10} {:>12}  {}",
            entry.kind.name(),
            human_bytes(entry.bytes),
            ago(age.as_secs()),
            entry.path.display()
        );
    }
    let total: u64 = entries.iter().map(|e| e.bytes).sum();
    println!(
        "{} entries, {} in {} (limit {})",
        entries.len(),
        human_bytes(total),
        dir.display(),
        human_bytes(cache::limit()?)
    );
    Ok(())
}

/// `42 s ago`, `3 min ago`, `5 h ago`, `2 d ago`.
fn ago(seconds: u64) -> String {
    match seconds {
        s if s < 60 => format!("{s} s ago"),
        s if s < 3600 => format!("{} min ago", s / 60),
        s if s < 86400 => format!("{} h ago", s / 3600),
        s => format!("{} d ago", s / 86400),
    }
}
