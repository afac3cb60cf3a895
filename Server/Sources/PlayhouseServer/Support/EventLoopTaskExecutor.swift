import NIOCore

/// A NIO event loop as a task executor. A task that prefers it runs its jobs on the loop's thread,
/// so that when it awaits the reply of a channel on that loop (a database connection), it resumes
/// on the thread that received the reply rather than switching threads twice per statement.
///
/// A job must not block: it holds up every channel on the loop while it runs.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
