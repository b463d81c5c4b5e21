package org.numaloom.perf.bench;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.numaloom.locks.topology.Topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the recorder counts and charges, driven by a scripted node per acquisition and a fake clock. */
class HandoffsTest {
    private static final Runnable NOTHING = () -> { };

    @Test
    void aHandoffIsRemoteWhenTheNewHolderIsOnAnotherNodeThanThePrevious() {
        Handoffs handoffs = recording(0, 0, 1, 1, 1, 0, 1);
        runTimes(handoffs.around(NOTHING), 7);
        assertEquals(7, handoffs.acquisitions());
        assertEquals(3, handoffs.remoteHandoffs());
    }

    /**
     * A section that yields may end on another node than it began on, and the next holder takes the
     * lock from where it ended. Holders here: 0 to 1, 1 to 0, 0 to 0 (acquired, ended): every hand-off
     * is local, though the nodes they acquired on (0, 1, 0) changed twice.
     */
    @Test
    void aYieldingSectionHandsTheLockOnFromTheNodeItEndedOn() {
        Handoffs handoffs = recording(0, 1, 1, 0, 0, 0);
        runTimes(handoffs.aroundYielding(NOTHING), 3);
        assertEquals(3, handoffs.acquisitions());
        assertEquals(0, handoffs.remoteHandoffs());
    }

    @Test
    void aYieldingSectionCountsAHandoffToAnotherNodeThanItEndedOn() {
        Handoffs handoffs = recording(0, 0, 1, 1);
        runTimes(handoffs.aroundYielding(NOTHING), 2);
        assertEquals(1, handoffs.remoteHandoffs());
    }

    @Test
    void theFirstHolderTakesOverFromNobody() {
        Handoffs handoffs = recording(1);
        runTimes(handoffs.around(NOTHING), 1);
        assertEquals(1, handoffs.acquisitions());
        assertEquals(0, handoffs.remoteHandoffs());
    }

    /** The next invocation's first holder takes the lock over from the previous invocation's last. */
    @Test
    void clearingResetsTheCountsButNotThePreviousHolder() {
        Handoffs handoffs = recording(0, 0, 1);
        Runnable section = handoffs.around(NOTHING);
        runTimes(section, 2);
        handoffs.clear();
        assertEquals(0, handoffs.acquisitions());
        runTimes(section, 1);
        assertEquals(1, handoffs.acquisitions());
        assertEquals(1, handoffs.remoteHandoffs());
    }

    @Test
    void theSectionRunsAfterTheAcquisitionIsRecorded() {
        Handoffs handoffs = recording(0);
        long[] seen = new long[1];
        handoffs.around(() -> seen[0] = handoffs.acquisitions()).run();
        assertEquals(1, seen[0]);
    }

    @Test
    void withoutRecordingTheSectionIsLeftAsItIs() {
        Handoffs handoffs = new Handoffs(null, 0, System::nanoTime);
        assertSame(NOTHING, handoffs.around(NOTHING));
        assertSame(NOTHING, handoffs.aroundYielding(NOTHING));
        assertEquals(0, handoffs.acquisitions());
    }

    /** The clock advances 10 ns a read: a charge of 100 ns reads it until 100 ns have passed, and only at a remote hand-off. */
    @Test
    void theRemoteCostIsSpunOnlyAtRemoteHandoffs() {
        AtomicLong now = new AtomicLong();
        Handoffs handoffs = new Handoffs(script(0, 0, 1, 1), 100, () -> now.addAndGet(10));
        Runnable section = handoffs.around(NOTHING);

        section.run();
        section.run();
        assertEquals(0, now.get(), "local hand-offs cost nothing");
        section.run();
        long charged = now.get();
        assertTrue(charged >= 100 && charged <= 120, "spun for " + charged + " ns of the fake clock, expected 100 plus a read");
        section.run();
        assertEquals(charged, now.get(), "local again");
    }

    @Test
    void aNegativeRemoteCostIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Handoffs(script(0), -1, System::nanoTime));
        assertEquals("a remote cost cannot be negative: -1 ns", e.getMessage());
    }

    @Test
    void recordedOnlyUnderSeveralNodes() {
        assertTrue(Handoffs.recordedUnder(Topology.fromSpec("2 nodes x 1 cpus")));
        assertTrue(!Handoffs.recordedUnder(Topology.fromSpec("1 node x 4 cpus")));
    }

    /**
     * Under a real lock and racing virtual threads, the counts are exact: they equal the changes in
     * the sequence of holders' nodes that the section itself writes down, also under the lock.
     */
    @Test
    void theCountsAreExactUnderContention() throws InterruptedException {
        Handoffs handoffs = byWorkerParity();
        List<Integer> holders = new ArrayList<>();
        Runnable section = handoffs.around(() -> holders.add(nodeOfWorker()));
        Exclusion lock = Exclusion.named(Exclusion.UNFAIR_REENTRANT);
        Workers.runTogether(4, "worker-", worker -> {
            for (int i = 0; i < 5_000; i++) {
                lock.run(section);
                Thread.yield();
            }
        });
        long changes = IntStream.range(1, holders.size()).filter(i -> !holders.get(i).equals(holders.get(i - 1))).count();
        assertEquals(20_000, handoffs.acquisitions());
        assertEquals(changes, handoffs.remoteHandoffs());
        assertTrue(changes > 0, "the workers of both nodes took turns");
    }

    /** JMH reports {@link HandoffCounts} under its public fields' names, which the runner looks up by the constants. */
    @Test
    void theCountsAreReportedUnderTheNamesTheRunnerReads() {
        List<String> counters = new ArrayList<>();
        for (Field field : HandoffCounts.class.getFields()) {
            assertEquals(long.class, field.getType(), field.getName());
            assertTrue(!Modifier.isStatic(field.getModifiers()), field.getName());
            counters.add(field.getName());
        }
        assertEquals(List.of(Handoffs.ACQUISITIONS_RESULT, Handoffs.REMOTE_HANDOFFS_RESULT), counters.stream().sorted().toList());
    }

    @Test
    void anInvocationsCountsAreSummedOverItsExclusionsWhichStartAgainFromZero() {
        Handoffs first = recording(0, 1, 0);
        Handoffs second = recording(1, 1);
        runTimes(first.around(NOTHING), 3);
        runTimes(second.around(NOTHING), 2);
        HandoffCounts counts = new HandoffCounts();

        counts.takeFrom(List.of(first, second));

        assertEquals(5, counts.acquisitions);
        assertEquals(2, counts.remoteHandoffs);
        assertEquals(0, first.acquisitions() + second.acquisitions() + first.remoteHandoffs());
        counts.takeFrom(List.of(first, second));
        assertEquals(0, counts.acquisitions, "set, not added to");
    }

    /** Node 0 or 1 by the parity of the worker's index in its name ({@code worker-3}): two nodes of threads. */
    static int nodeOfWorker() {
        String name = Thread.currentThread().getName();
        return Integer.parseInt(name.substring(name.lastIndexOf('-') + 1)) % 2;
    }

    /** A recorder that records with {@link #nodeOfWorker}, as on two nodes. */
    static Handoffs byWorkerParity() {
        return new Handoffs(HandoffsTest::nodeOfWorker, 0, System::nanoTime);
    }

    private static Handoffs recording(int... nodes) {
        return new Handoffs(script(nodes), 0, System::nanoTime);
    }

    private static IntSupplier script(int... nodes) {
        PrimitiveIterator.OfInt next = IntStream.of(nodes).iterator();
        return next::nextInt;
    }

    private static void runTimes(Runnable section, int times) {
        for (int i = 0; i < times; i++) {
            section.run();
        }
    }
}
