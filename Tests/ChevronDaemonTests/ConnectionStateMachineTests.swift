@testable import ChevronDaemon
import Testing

/// The connection's state machine as a value, without a socket: when a connection may read,
/// holds and resumes a read, answers what was sent after the peer's end or at shutdown, and
/// closes once and for good. The handler does the I/O these answers ask for. (A mutating call's
/// answer is taken before `#expect`, which cannot make one.)
struct ConnectionStateMachineTests {
    /// A reading connection reads while the peer reads its replies and the queue has room; a
    /// read asked for otherwise is held and goes ahead once (not twice) when both hold again.
    @Test func aReadIsHeldUntilThePeerReadsAndTheQueueHasRoom() {
        var machine = ConnectionStateMachine(queueLimit: 4)
        let answer1 = machine.read(writable: true, queued: 3)
        #expect(answer1)
        let answer2 = machine.read(writable: false, queued: 0)
        #expect(!answer2)
        #expect(machine.readHeld)
        let answer3 = machine.resumeRead(writable: false, queued: 0)
        #expect(!answer3)
        let answer4 = machine.resumeRead(writable: true, queued: 0)
        #expect(answer4)
        #expect(!machine.readHeld)
        let answer5 = machine.resumeRead(writable: true, queued: 0)
        #expect(!answer5, "a held read resumes once")
        // A full queue holds reading until frames are answered.
        let answer6 = machine.read(writable: true, queued: 4)
        #expect(!answer6)
        let answer7 = machine.resumeRead(writable: true, queued: 4)
        #expect(!answer7)
        let answer8 = machine.resumeRead(writable: true, queued: 3)
        #expect(answer8)
    }

    /// An open connection never closes by itself, however idle.
    @Test func anOpenConnectionIsNeverDone() {
        let machine = ConnectionStateMachine(queueLimit: 4)
        #expect(!machine.isDone(queued: 0))
    }

    /// The peer shut its writing side while a worker answers: the connection is done only once
    /// the work is over and no frame waits; a held read is kept meanwhile.
    @Test func afterThePeersEndWhatItSentIsAnsweredFirst() {
        var machine = ConnectionStateMachine(queueLimit: 4)
        machine.work = .onWorker
        let answer9 = machine.read(writable: false, queued: 0)
        #expect(!answer9)
        machine.inputClosed()
        #expect(machine.readHeld, "the held read survives the peer's end")
        #expect(!machine.isDone(queued: 0), "a worker still answers")
        machine.work = .idle
        #expect(!machine.isDone(queued: 2), "frames still wait")
        #expect(machine.isDone(queued: 0))
        #expect(machine.mayRead(writable: true, queued: 0), "bytes already sent may still be read")
    }

    /// Shutdown with a call in flight: nothing more is read, a held read is dropped, the work in
    /// flight is kept, and the connection is done once it ends and the queue is empty.
    @Test func atShutdownNothingMoreIsReadAndCallsInFlightAreAnswered() {
        var machine = ConnectionStateMachine(queueLimit: 4)
        let answer10 = machine.read(writable: false, queued: 0)
        #expect(!answer10)
        machine.work = .onWorker
        machine.shutDown()
        #expect(!machine.readHeld)
        #expect(!machine.mayRead(writable: true, queued: 0))
        let answer11 = machine.read(writable: true, queued: 0)
        #expect(!answer11)
        let answer12 = machine.resumeRead(writable: true, queued: 0)
        #expect(!answer12)
        #expect(!machine.isDone(queued: 0))
        machine.work = .idle
        #expect(machine.isDone(queued: 0))
        // The peer's end after shutdown does not make reading possible again.
        machine.inputClosed()
        #expect(!machine.mayRead(writable: true, queued: 0))
        #expect(machine.isDone(queued: 0))
    }

    /// Shutdown after the peer's end keeps the work in flight.
    @Test func shutdownAfterThePeersEndKeepsTheWork() {
        var machine = ConnectionStateMachine(queueLimit: 4)
        machine.inputClosed()
        machine.work = .onWorker
        machine.shutDown()
        #expect(!machine.work.isIdle)
        #expect(!machine.isDone(queued: 0))
    }

    /// Closing happens once and is final: a worker ending after it changes nothing, nothing is
    /// read, and it is never "done" again (which would close twice).
    @Test func closingIsOnceAndFinal() {
        var machine = ConnectionStateMachine(queueLimit: 4)
        machine.work = .onWorker
        let answer13 = machine.beginClosing()
        #expect(answer13)
        let answer14 = machine.beginClosing()
        #expect(!answer14)
        #expect(machine.isClosing)
        #expect(machine.work.isIdle)
        machine.work = .onWorker
        #expect(machine.work.isIdle, "work after the close is not kept")
        machine.inputClosed()
        machine.shutDown()
        #expect(machine.isClosing)
        #expect(!machine.mayRead(writable: true, queued: 0))
        #expect(!machine.isDone(queued: 0))
    }
}
