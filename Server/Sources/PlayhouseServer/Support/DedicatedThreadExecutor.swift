import Foundation

/// A thread of its own that runs the jobs of the tasks that prefer it
/// (`withTaskExecutorPreference`), one after another, in the order they arrive.
///
/// For work that blocks its thread by design, such as SQLite's one writer running its statements
/// straight through: on a thread of its own it never holds up the cooperative pool, and it never
/// hops between threads from one statement to the next. The thread lives as long as the process.
final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var jobs: [UnownedJob] = []

    init(name: String) {
        let thread = Thread { self.runJobs() }  // the thread keeps its executor
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        var batch: [UnownedJob] = []
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            swap(&batch, &jobs)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
