package org.numaloom.locks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Supplier;

import org.numaloom.locks.registry.LockType;

/**
 * A differential oracle for the {@link Lock} and {@link Condition} contract: it makes the same
 * single call, from the same state, on a lock and on a {@link ReentrantLock}, for every method and a
 * table of arguments, and reports every way in which the two differ.
 *
 * <p><b>The table</b> is states × calls. A {@link State} is who holds the lock when the call is made
 * (nobody, the caller once or twice, another thread) and whether the caller has been interrupted. A
 * {@link Call} is one method with one set of arguments: timeouts of {@code Long.MIN_VALUE}, -1, 0 and
 * {@code Long.MAX_VALUE} in every {@link TimeUnit}, one that expires during the call, one a day
 * away, past and far-future {@link Date}s, a null unit and a null date.
 *
 * <p><b>A cell</b> is played on a fresh lock by a fresh caller thread, and what happens is an
 * {@link Observation}: whether the call returned by itself or blocked (if it has not returned within
 * the patience, the other holder unlocks; if it still has not, the condition is signalled), what it
 * returned or threw, whether the caller's interrupt status was set afterwards, and the caller's hold
 * count afterwards. Hold counts are read through the {@code Lock} interface alone, by unlocking until
 * {@link IllegalMonitorStateException}, so that any lock, a user's included, can be checked.
 *
 * <p><b>What is compared</b> is what a caller may rely on, not timing: for {@code awaitNanos} the
 * class of the remaining time (time left; timed out; above the argument, which AQS never returns),
 * not its value; for blocking, whether the call returned within the patience or needed the release
 * or the signal. A busy machine can make a call that returns look blocked, so a cell that differs is
 * played again on both locks with {@link #CONFIRMING_PATIENCE} before it is reported; those second
 * looks run in parallel, because a call that does block costs its whole patience.
 *
 * <p>ReentrantLock's observations are the expected ones; each is made once per JVM and reused for
 * every lock compared with it.
 */
final class ReentrantLockOracle {
    /** How long a call may take and still count as returning by itself. */
    static final Duration PATIENCE = Duration.ofMillis(50);
    /** The patience of the second look at a cell that differed. */
    static final Duration CONFIRMING_PATIENCE = Duration.ofSeconds(1);
    /** More holds than any state and call make; a lock whose unlock never refuses stops here. */
    private static final int MOST_HOLDS_COUNTED = 8;

    private ReentrantLockOracle() {
    }

    /** Who holds the lock when the call is made, and how many holds the caller takes to get there. */
    enum Holder {
        NOBODY("while free", 0),
        CALLER_ONCE("while held once", 1),
        CALLER_TWICE("while held twice (reentrant)", 2),
        ANOTHER_THREAD("while another thread holds it", 0);

        private final String words;
        private final int callerHolds;

        Holder(String words, int callerHolds) {
            this.words = words;
            this.callerHolds = callerHolds;
        }
    }

    record State(Holder holder, boolean interrupted) {
        @Override
        public String toString() {
            return holder.words + (interrupted ? ", interrupted before the call" : "");
        }
    }

    /**
     * The cells a lock is held to: every state and call, but for a lock that does not claim
     * reentrancy none that needs it, neither "held twice" nor an acquisition while the caller holds
     * the lock (what such a lock does there, block, refuse or throw, is its own choice). That leaves
     * out, for such a lock, the acquisitions by its holder whose outcome the {@code Lock} contract
     * fixes before reentrancy matters: an interrupted {@code lockInterruptibly()} or timed
     * {@code tryLock} (InterruptedException) and a null unit (NullPointerException). The same calls
     * are compared in every other state.
     */
    static List<Cell> cells(boolean reentrant) {
        List<Cell> cells = new ArrayList<>();
        for (Holder holder : Holder.values()) {
            for (boolean interrupted : new boolean[] {false, true}) {
                for (Call call : CALLS) {
                    if (reentrant || holder.callerHolds == 0 || holder.callerHolds == 1 && !call.acquires()) {
                        cells.add(new Cell(new State(holder, interrupted), call));
                    }
                }
            }
        }
        return cells;
    }

    interface Invocation {
        Object invoke(Lock lock, Condition condition) throws Exception;
    }

    /**
     * One method with one set of arguments, how its result is put in words, and whether it takes
     * the lock (a re-entry when the caller holds it).
     */
    record Call(String text, Invocation invocation, Function<Object, String> resultInWords, boolean acquires) {
        static Call of(String text, Invocation invocation) {
            return new Call(text, invocation, Call::returns, false);
        }

        static Call acquiring(String text, Invocation invocation) {
            return new Call(text, invocation, Call::returns, true);
        }

        private static String returns(Object result) {
            return result == null ? "returns" : "returns " + result;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /** A timeout as {@code (time, unit)}. */
    record Timeout(long time, TimeUnit unit) {
        @Override
        public String toString() {
            return inWords(time) + ", " + unit;
        }
    }

    /** A deadline, made when the call is made, so that "a second ago" is a second ago. */
    record Deadline(String text, Supplier<Date> date) {
        @Override
        public String toString() {
            return text;
        }
    }

    /** The edges of the long range and around zero in every unit, one that expires during the call, one far off, none. */
    private static List<Timeout> timeouts() {
        List<Timeout> timeouts = new ArrayList<>();
        for (TimeUnit unit : TimeUnit.values()) {
            for (long time : new long[] {Long.MIN_VALUE, -1, 0, Long.MAX_VALUE}) {
                timeouts.add(new Timeout(time, unit));
            }
        }
        timeouts.add(new Timeout(1, TimeUnit.NANOSECONDS));
        timeouts.add(new Timeout(1, TimeUnit.MILLISECONDS));
        timeouts.add(new Timeout(1, TimeUnit.DAYS));
        timeouts.add(new Timeout(1, null));
        return timeouts;
    }

    private static final long[] NANOS_TIMEOUTS = {
        Long.MIN_VALUE, -1, 0, 1, TimeUnit.MILLISECONDS.toNanos(1), TimeUnit.DAYS.toNanos(1), Long.MAX_VALUE};

    private static final List<Deadline> DEADLINES = List.of(
            new Deadline("new Date(Long.MIN_VALUE)", () -> new Date(Long.MIN_VALUE)),
            new Deadline("the epoch", () -> new Date(0)),
            new Deadline("a second ago", () -> new Date(System.currentTimeMillis() - 1000)),
            new Deadline("a millisecond from now", () -> new Date(System.currentTimeMillis() + 1)),
            new Deadline("a day from now", () -> new Date(System.currentTimeMillis() + TimeUnit.DAYS.toMillis(1))),
            new Deadline("new Date(Long.MAX_VALUE)", () -> new Date(Long.MAX_VALUE)),
            new Deadline("null", () -> null));

    /** Every method of Lock and Condition, with every argument of the table. */
    static final List<Call> CALLS = calls();

    private static List<Call> calls() {
        List<Call> calls = new ArrayList<>();
        calls.add(Call.acquiring("lock()", (lock, condition) -> { lock.lock(); return null; }));
        calls.add(Call.acquiring("lockInterruptibly()", (lock, condition) -> { lock.lockInterruptibly(); return null; }));
        calls.add(Call.acquiring("tryLock()", (lock, condition) -> lock.tryLock()));
        for (Timeout timeout : timeouts()) {
            calls.add(Call.acquiring("tryLock(" + timeout + ")", (lock, condition) -> lock.tryLock(timeout.time(), timeout.unit())));
        }
        calls.add(Call.of("unlock()", (lock, condition) -> { lock.unlock(); return null; }));
        calls.add(new Call("newCondition()", (lock, condition) -> lock.newCondition(),
                result -> result instanceof Condition ? "returns a Condition" : "returns " + result, false));
        calls.add(Call.of("await()", (lock, condition) -> { condition.await(); return null; }));
        calls.add(Call.of("awaitUninterruptibly()", (lock, condition) -> { condition.awaitUninterruptibly(); return null; }));
        for (long nanos : NANOS_TIMEOUTS) {
            calls.add(new Call("awaitNanos(" + inWords(nanos) + ")", (lock, condition) -> condition.awaitNanos(nanos),
                    remaining -> remainingInWords((Long) remaining, nanos), false));
        }
        for (Timeout timeout : timeouts()) {
            calls.add(Call.of("await(" + timeout + ")", (lock, condition) -> condition.await(timeout.time(), timeout.unit())));
        }
        for (Deadline deadline : DEADLINES) {
            calls.add(Call.of("awaitUntil(" + deadline + ")", (lock, condition) -> condition.awaitUntil(deadline.date().get())));
        }
        calls.add(Call.of("signal()", (lock, condition) -> { condition.signal(); return null; }));
        calls.add(Call.of("signalAll()", (lock, condition) -> { condition.signalAll(); return null; }));
        return List.copyOf(calls);
    }

    private static String inWords(long number) {
        return number == Long.MIN_VALUE ? "Long.MIN_VALUE" : number == Long.MAX_VALUE ? "Long.MAX_VALUE" : Long.toString(number);
    }

    /**
     * The class of an {@code awaitNanos} result. AQS returns time left only if signalled in time, and
     * never more than the argument (after a negative timeout it returns {@code Long.MIN_VALUE} rather
     * than a remainder that would overflow), so "above the argument" is a class of its own.
     */
    private static String remainingInWords(long remaining, long argument) {
        if (remaining > argument) {
            return "returns a value above its argument";
        }
        return remaining > 0 ? "returns a value > 0 (time left)" : "returns a value <= 0 (timed out)";
    }

    /** How a call ended: by itself, or only after the oracle released or signalled. */
    enum Blocking {
        RETURNS("%s at once"),
        UNTIL_RELEASED("blocks until the other thread unlocks, then %s"),
        UNTIL_SIGNALLED("blocks until signalled, then %s"),
        FOREVER("blocks even after the lock is released and the condition signalled");

        private final String format;

        Blocking(String format) {
            this.format = format;
        }
    }

    /** What one call did, as far as its caller can tell. */
    record Observation(Blocking blocking, String result, boolean interruptedAfter, int holdsAfter) {
        static final Observation BLOCKED_FOREVER = new Observation(Blocking.FOREVER, "", false, 0);

        @Override
        public String toString() {
            if (blocking == Blocking.FOREVER) {
                return blocking.format;
            }
            return blocking.format.formatted(result) + ", interrupt status " + (interruptedAfter ? "set" : "clear")
                    + ", hold count " + (holdsAfter > MOST_HOLDS_COUNTED ? "above " + MOST_HOLDS_COUNTED : holdsAfter);
        }
    }

    record Difference(State state, Call call, Observation expected, Observation actual, String lockName) {
        @Override
        public String toString() {
            return call + " " + state + ": ReentrantLock " + expected + "; " + lockName + " " + actual;
        }
    }

    record Cell(State state, Call call) {
    }

    private static final Map<Cell, Observation> EXPECTED = new ConcurrentHashMap<>();

    /** Every cell of the table in which the lock does not do what ReentrantLock does. */
    static List<Difference> differences(LockType type) throws InterruptedException {
        List<Cell> suspects = new ArrayList<>();
        for (Cell cell : cells(type.reentrant())) {
            Observation expected = EXPECTED.get(cell);
            if (expected == null) {
                expected = observe(ReentrantLock::new, cell, PATIENCE);
                EXPECTED.put(cell, expected);
            }
            if (!observe(type::create, cell, PATIENCE).equals(expected)) {
                suspects.add(cell);
            }
        }
        return confirmed(type, suspects);
    }

    /** The suspects that differ again on a second look, with patience to spare. */
    private static List<Difference> confirmed(LockType type, List<Cell> suspects) throws InterruptedException {
        List<Future<Optional<Difference>>> looks = new ArrayList<>();
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Cell cell : suspects) {
                looks.add(executor.submit(() -> {
                    Observation expected = observe(ReentrantLock::new, cell, CONFIRMING_PATIENCE);
                    Observation actual = observe(type::create, cell, CONFIRMING_PATIENCE);
                    return expected.equals(actual) ? Optional.empty()
                            : Optional.of(new Difference(cell.state(), cell.call(), expected, actual, type.name()));
                }));
            }
        }
        List<Difference> differences = new ArrayList<>();
        for (Future<Optional<Difference>> look : looks) {
            try {
                look.get().ifPresent(differences::add);
            } catch (ExecutionException e) {
                throw new AssertionError("the second look at a cell failed", e.getCause());
            }
        }
        return differences;
    }

    /** Plays one cell on a fresh lock, in a fresh caller thread, releasing and signalling if it blocks. */
    private static Observation observe(Supplier<? extends Lock> locks, Cell cell, Duration patience) throws InterruptedException {
        Lock lock = locks.get();
        Condition condition = lock.newCondition();
        OtherHolder other = cell.state().holder() == Holder.ANOTHER_THREAD ? new OtherHolder(lock) : null;
        CountDownLatch inState = new CountDownLatch(1);
        CompletableFuture<Ending> ending = new CompletableFuture<>();
        Thread caller = Thread.ofPlatform().daemon().name("oracle caller: " + cell.call()).start(() -> {
            try {
                ending.complete(play(cell, lock, condition, inState));
            } catch (Throwable e) {
                ending.completeExceptionally(e);
            } finally {
                inState.countDown();
            }
        });
        // The patience counts from the call, not from the thread's start, which a busy machine delays.
        if (!inState.await(Threads.PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("the caller did not get into the state " + cell.state() + " in " + Threads.PATIENCE);
        }
        Blocking blocking = endOrHelp(ending, other, lock, condition, patience);
        if (blocking == Blocking.FOREVER) {
            caller.interrupt();
            return Observation.BLOCKED_FOREVER;
        }
        if (other != null) {
            other.letGo();
            other.thread.join(patience);
        }
        Ending end = ending.resultNow();
        return new Observation(blocking, end.result(), end.interruptedAfter(), end.holdsAfter());
    }

    /**
     * Waits for the call to end; if it does not within the patience, lets the other holder go, and if
     * it still does not, signals the condition.
     */
    private static Blocking endOrHelp(CompletableFuture<Ending> ending, OtherHolder other, Lock lock,
            Condition condition, Duration patience) throws InterruptedException {
        if (endsWithin(ending, patience)) {
            return Blocking.RETURNS;
        }
        if (other != null) {
            other.letGo();
            if (endsWithin(ending, patience)) {
                return Blocking.UNTIL_RELEASED;
            }
        }
        if (signalAll(lock, condition, patience) && endsWithin(ending, patience)) {
            return Blocking.UNTIL_SIGNALLED;
        }
        return Blocking.FOREVER;
    }

    private record Ending(String result, boolean interruptedAfter, int holdsAfter) {
    }

    /** In the caller thread: gets into the state, makes the call, reads interrupt status and holds. */
    private static Ending play(Cell cell, Lock lock, Condition condition, CountDownLatch inState) {
        for (int i = 0; i < cell.state().holder().callerHolds; i++) {
            lock.lock();
        }
        inState.countDown();
        if (cell.state().interrupted()) {
            Thread.currentThread().interrupt();
        }
        Call call = cell.call();
        String result;
        try {
            result = call.resultInWords().apply(call.invocation().invoke(lock, condition));
        } catch (Exception | Error e) {
            result = "throws " + e.getClass().getSimpleName();
        }
        boolean interrupted = Thread.interrupted();
        return new Ending(result, interrupted, unlockAll(lock));
    }

    /** Unlocks until the lock refuses; the number of unlocks it accepted is the caller's hold count. */
    private static int unlockAll(Lock lock) {
        for (int holds = 0; holds <= MOST_HOLDS_COUNTED; holds++) {
            try {
                lock.unlock();
            } catch (IllegalMonitorStateException notHeld) {
                return holds;
            }
        }
        return MOST_HOLDS_COUNTED + 1;
    }

    private static boolean endsWithin(CompletableFuture<Ending> ending, Duration patience) throws InterruptedException {
        try {
            ending.get(patience.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException stillRunning) {
            return false;
        } catch (ExecutionException e) {
            throw new AssertionError("the caller failed outside the call under test (getting into its state,"
                    + " or unlocking afterwards)", e.getCause());
        }
    }

    /** Signals from a third thread, which must get the lock within the patience to do so. */
    private static boolean signalAll(Lock lock, Condition condition, Duration patience) throws InterruptedException {
        if (!lock.tryLock(patience.toNanos(), TimeUnit.NANOSECONDS)) {
            return false;
        }
        try {
            condition.signalAll();
        } finally {
            lock.unlock();
        }
        return true;
    }

    /** Another thread, which holds the lock until it is let go. */
    private static final class OtherHolder {
        private final CountDownLatch holding = new CountDownLatch(1);
        private final CountDownLatch letGo = new CountDownLatch(1);
        private final Thread thread;

        OtherHolder(Lock lock) throws InterruptedException {
            thread = Thread.ofPlatform().daemon().name("oracle other holder").start(() -> {
                lock.lock();
                try {
                    holding.countDown();
                    letGo.await();
                } catch (InterruptedException e) {
                    throw new AssertionError("nobody interrupts the other holder", e);
                } finally {
                    lock.unlock();
                }
            });
            if (!holding.await(Threads.PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("another thread could not take a fresh lock in " + Threads.PATIENCE);
            }
        }

        void letGo() {
            letGo.countDown();
        }
    }
}
