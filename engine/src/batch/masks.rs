//! The grammar masks of a decode step, computed while the step's graph runs (a mask needs
//! only the tokens drawn so far) on one worker thread that lives as long as the engine: a
//! thread spawned per step cost its start and its stack on every constrained step.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread::JoinHandle;

use crate::error::Panicked;
use crate::grammar::{Constraint, GrammarError};

/// The constraints of a step's rows, by slot, lent to the worker.
pub type Lent = Vec<(usize, Constraint)>;
/// Each constraint given back with its mask prepared, or why it could not be.
pub type Prepared = Vec<(usize, Constraint, Result<(), GrammarError>)>;

/// Started on the first constrained step, stopped and joined on drop.
pub struct MaskWorker {
    worker: Option<Worker>,
    /// A step's constraints are with the worker.
    busy: bool,
    /// What the worker does with a step's constraints ([`prepare`] but in tests).
    work: fn(Lent) -> Prepared,
}

impl Default for MaskWorker {
    fn default() -> MaskWorker {
        MaskWorker {
            worker: None,
            busy: false,
            work: prepare,
        }
    }
}

struct Worker {
    jobs: Sender<Lent>,
    done: Receiver<Result<Prepared, Panicked>>,
    thread: JoinHandle<()>,
}

impl MaskWorker {
    /// Hands `lent` to the worker; gives it back when no worker thread can be started (the
    /// caller then prepares the masks itself).
    pub fn start(&mut self, lent: Lent) -> Result<(), Lent> {
        if self.worker.is_none() {
            self.worker = spawn(self.work);
        }
        let Some(worker) = &self.worker else {
            return Err(lent);
        };
        match worker.jobs.send(lent) {
            Ok(()) => {
                self.busy = true;
                Ok(())
            }
            // The worker is gone: the next step starts another.
            Err(returned) => {
                self.stop();
                Err(returned.0)
            }
        }
    }

    /// The constraints lent by the last [`MaskWorker::start`], with their masks. A panic while
    /// preparing them loses them and is an error, as is a worker that died.
    pub fn finish(&mut self) -> Result<Prepared, Panicked> {
        let worker = self.worker.as_ref().filter(|_| self.busy);
        let Some(worker) = worker else {
            return Err(Panicked::GrammarMasks);
        };
        self.busy = false;
        match worker.done.recv() {
            Ok(result) => result,
            Err(_) => {
                self.stop();
                Err(Panicked::GrammarMasks)
            }
        }
    }

    /// Closes the worker's queue and waits for it to end.
    fn stop(&mut self) {
        if let Some(worker) = self.worker.take() {
            drop(worker.jobs);
            // A worker that panicked outside a job has nothing more to report.
            let _ = worker.thread.join();
        }
        self.busy = false;
    }
}

impl Drop for MaskWorker {
    fn drop(&mut self) {
        self.stop();
    }
}

fn spawn(work: fn(Lent) -> Prepared) -> Option<Worker> {
    let (jobs, inbox) = channel::<Lent>();
    let (outbox, done) = channel();
    let thread = std::thread::Builder::new()
        .name("grammar-masks".into())
        .spawn(move || serve(inbox, outbox, work))
        .ok()?;
    Some(Worker { jobs, done, thread })
}

/// Does each step's `work` until the queue closes.
fn serve(
    inbox: Receiver<Lent>,
    outbox: Sender<Result<Prepared, Panicked>>,
    work: fn(Lent) -> Prepared,
) {
    no_wakeup_preemption();
    for lent in inbox {
        let result =
            catch_unwind(AssertUnwindSafe(|| work(lent))).map_err(|_| Panicked::GrammarMasks);
        if outbox.send(result).is_err() {
            return;
        }
    }
}

/// Puts this thread in Linux's batch class: woken by a step's job, it would otherwise take
/// the core from the engine thread before that thread starts the step's graph (measured: the
/// hand-over took 150 us a step on 2 busy cores, against 18 ms steps). It still gets its fair
/// share while the graph runs. Elsewhere, and where the call fails, nothing changes.
fn no_wakeup_preemption() {
    #[cfg(target_os = "linux")]
    {
        let param = libc::sched_param { sched_priority: 0 };
        // SAFETY: `param` is a valid `sched_param` that outlives the call, and pid 0 names
        // the calling thread.
        let _ = unsafe { libc::sched_setscheduler(0, libc::SCHED_BATCH, &param) };
    }
}

/// Each constraint's mask for its next token.
pub fn prepare(lent: Lent) -> Prepared {
    lent.into_iter()
        .map(|(slot, mut constraint)| {
            let result = constraint.prepare();
            (slot, constraint, result)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_step_comes_back_and_the_worker_stays() {
        let mut worker = MaskWorker::default();
        for _ in 0..3 {
            assert!(worker.start(Vec::new()).is_ok());
            assert!(worker.finish().unwrap().is_empty());
        }
        let thread = worker.worker.as_ref().unwrap().thread.thread().id();
        assert!(worker.start(Vec::new()).is_ok());
        worker.finish().unwrap();
        assert_eq!(worker.worker.as_ref().unwrap().thread.thread().id(), thread);
    }

    #[test]
    fn finishing_without_a_start_is_an_error_not_a_wait() {
        let mut worker = MaskWorker::default();
        assert_eq!(worker.finish().unwrap_err(), Panicked::GrammarMasks);
        worker.start(Vec::new()).unwrap();
        worker.finish().unwrap();
        assert_eq!(worker.finish().unwrap_err(), Panicked::GrammarMasks);
    }

    #[test]
    fn a_panic_is_the_typed_error_and_the_worker_goes_on() {
        let mut worker = MaskWorker::default();
        worker.work = |_| panic!("a matcher failed");
        for _ in 0..2 {
            worker.start(Vec::new()).unwrap();
            assert_eq!(worker.finish().unwrap_err(), Panicked::GrammarMasks);
        }
        worker.work = prepare;
        drop(worker);
    }
}
