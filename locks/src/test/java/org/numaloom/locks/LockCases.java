package org.numaloom.locks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.numaloom.locks.registry.LockRegistry;
import org.numaloom.locks.registry.LockType;

/**
 * The locks every lock-level suite runs against: each registered lock, plus NUMA_MCS and CNA over
 * several spread nodes and HMCS over spread groups, so that the cross-node paths (leaders of
 * several nodes, direct hand-off, a reordered queue, cohort passes) run on a machine with one NUMA
 * node.
 */
public final class LockCases {
    private LockCases() {
    }

    /** Spreads threads over the nodes by thread id: deterministic, and independent of the CPU. */
    public static NodeLocator spreadOver(int nodes) {
        return locator(nodes, () -> (int) (Thread.currentThread().threadId() % nodes));
    }

    /**
     * An HMCS lock whose threads all queue in one leaf group, so that queued threads take it in
     * their order; across groups a cohort may pass the lock to a later thread of its own group.
     */
    static HmcsLock hmcsInOneLeafGroup() {
        return new HmcsLock(Hierarchy.uniform(() -> 0, 2, 2), McsQueue.DEFAULT_MAX_SPIN_NANOS, 64);
    }

    /**
     * Places threads by name: a thread named {@code NAME@K} runs on node K, any other on node 0.
     * For tests that need to know which node each of their threads is on.
     */
    public static NodeLocator byThreadName(int nodes) {
        return locator(nodes, () -> {
            String name = Thread.currentThread().getName();
            int at = name.lastIndexOf('@');
            return at < 0 ? 0 : Integer.parseInt(name.substring(at + 1));
        });
    }

    /** {@code nodes} nodes, the calling thread on the one {@code currentNode} answers. */
    static NodeLocator locator(int nodes, IntSupplier currentNode) {
        return new NodeLocator() {
            @Override
            public int nodeCount() {
                return nodes;
            }

            @Override
            public int currentNode() {
                return currentNode.getAsInt();
            }
        };
    }

    /**
     * A NUMA_MCS over spread nodes that parks at once and hands the lock to another node's leader
     * at every chance (a hand-off bound of 1), so that every contended acquisition goes through a
     * park, a wake-up or a direct hand-off, the paths a spinning lock rarely reaches.
     */
    public static LockType numaMcsOverSpreadNodes(int nodes) {
        return new LockType("NUMA_MCS_" + nodes + "_SPREAD_NODES",
                "NUMA_MCS over " + nodes + " nodes assigned by thread id, hand-off at every acquisition, no spinning",
                true, () -> new NumaMcsLock(spreadOver(nodes), 0, 1));
    }

    /**
     * A CNA lock over spread nodes, that hands off often, parks at once and puts set-aside waiters
     * back after 2 local passes, to stress the reordering of its queue. Over 2 nodes, some of any
     * three threads share a node, which CNA needs before it sets a waiter aside.
     */
    public static LockType cnaOverSpreadNodes(int nodes) {
        return new LockType("CNA_" + nodes + "_SPREAD_NODES",
                "CNA over " + nodes + " nodes assigned by thread id, hand-off every 2 acquisitions, "
                        + "skipped waiters back after 2 local passes, no spinning",
                true, () -> new CnaLock(spreadOver(nodes), 0, 2, 2));
    }

    /**
     * An HMCS lock over 4 leaf groups in 2 groups under the root, threads assigned by thread id,
     * that parks at once and lets a group's parent go after 2 passes within the group, to stress its
     * cohort passes and the levels' hand-overs.
     */
    public static LockType hmcsOverSpreadGroups() {
        return new LockType("HMCS_4_SPREAD_GROUPS",
                "HMCS over 4 leaf groups in 2 groups, assigned by thread id, parent let go after 2 cohort passes, no spinning",
                true, () -> new HmcsLock(Hierarchy.uniform(() -> (int) (Thread.currentThread().threadId() % 4), 2, 2), 0, 2));
    }

    /**
     * The kit's spinning locks built to spin for up to a minute before they park: a wait that the
     * spin keeps from ending at its time-out or interrupt shows as a wait of a minute. Selected by
     * {@link #ONLY_PROPERTY} like the other cases, but none of them may be selected: a user's lock
     * tested alone ({@code ./numaloom mutate --lock USER_MUTEX}) has no such case.
     */
    public static Stream<LockType> spinningForAMinute() {
        long minute = 60_000_000_000L;
        return selectedAmong(List.of(
                new LockType("NUMA_MCS", "NUMA_MCS spinning up to a minute", true,
                        () -> new NumaMcsLock(spreadOver(2), minute, NumaMcsLock.DEFAULT_HANDOFF_BOUND)),
                new LockType("CNA", "CNA spinning up to a minute", true,
                        () -> new CnaLock(spreadOver(2), minute, CnaLock.DEFAULT_HANDOFF_BOUND, CnaLock.DEFAULT_LOCAL_PASS_BOUND)),
                new LockType("MCS", "MCS spinning up to a minute", true, () -> new McsLock(minute)),
                new LockType("HMCS", "HMCS spinning up to a minute", true,
                        () -> new HmcsLock(Hierarchy.uniform(() -> 0, 2, 2), minute, HmcsLock.DEFAULT_COHORT_PASS_BOUND)))).stream();
    }

    /**
     * The system property that limits the lock cases to some locks: comma-separated names, each
     * keeping that lock and its variants ({@code NUMA_MCS} keeps {@code NUMA_MCS_4_SPREAD_NODES}).
     * {@code ./numaloom mutate} sets it, so that a mutant of one lock is tested on that lock alone.
     */
    public static final String ONLY_PROPERTY = "numaloom.locks";

    public static List<LockType> all() {
        List<LockType> cases = new ArrayList<>(LockRegistry.all());
        cases.addAll(variants());
        return onlySelected(cases);
    }

    /** The cases besides the registered locks: NUMA_MCS and CNA over spread nodes, HMCS over spread groups. */
    private static List<LockType> variants() {
        return List.of(numaMcsOverSpreadNodes(4), cnaOverSpreadNodes(2), hmcsOverSpreadGroups());
    }

    /** The cases that {@link #ONLY_PROPERTY} selects: all of them when it is unset or blank; an error if none. */
    /** The cases that {@link #ONLY_PROPERTY} selects, all of them when it is unset or blank; possibly none. */
    private static List<LockType> selectedAmong(List<LockType> cases) {
        String only = System.getProperty(ONLY_PROPERTY, "").strip();
        if (only.isEmpty()) {
            return new ArrayList<>(cases);
        }
        List<String> names = Stream.of(only.split(",")).map(String::strip).filter(name -> !name.isEmpty()).toList();
        return cases.stream()
                .filter(type -> names.stream().anyMatch(name -> type.name().equalsIgnoreCase(name)
                        || type.name().toUpperCase().startsWith(name.toUpperCase() + "_")))
                .collect(Collectors.toCollection(ArrayList::new));
    }

    public static List<LockType> onlySelected(List<LockType> cases) {
        List<LockType> selected = selectedAmong(cases);
        if (selected.isEmpty()) {
            String only = System.getProperty(ONLY_PROPERTY, "").strip();
            throw new IllegalArgumentException("-D" + ONLY_PROPERTY + "=" + only + " selects no lock; known locks: "
                    + names(cases));
        }
        return selected;
    }

    public static Stream<LockType> stream() {
        return all().stream();
    }

    /** Every lock case, then every negative control: what a suite that must tell them apart runs. */
    public static List<LockType> withNegativeControls() {
        List<LockType> cases = all();
        cases.addAll(BrokenLocks.all());
        return cases;
    }

    /**
     * A registered lock, one of the spread-node variants or a negative control (any of
     * {@link BrokenLocks#everyControl()}) by name, through {@link LockRegistry#named(String, List)}
     * (case does not matter). Unlike {@link #all()}, not limited by {@link #ONLY_PROPERTY}: a name
     * given explicitly is found.
     *
     * @throws IllegalArgumentException for an unknown name, listing the known ones
     */
    public static LockType named(String name) {
        List<LockType> more = new ArrayList<>(variants());
        more.addAll(BrokenLocks.everyControl());
        return LockRegistry.named(name, more);
    }

    private static String names(List<LockType> types) {
        return types.stream().map(LockType::name).collect(Collectors.joining(", "));
    }

    /** Counts the threads inside a critical section; more than one at a time is a broken lock. */
    public static final class Occupancy {
        private final AtomicInteger inside = new AtomicInteger();
        private volatile int worst;

        public void enter() {
            int now = inside.incrementAndGet();
            if (now > 1) {
                worst = Math.max(worst, now);
            }
        }

        public void leave() {
            inside.decrementAndGet();
        }

        public int worst() {
            return Math.max(worst, 1);
        }
    }
}
