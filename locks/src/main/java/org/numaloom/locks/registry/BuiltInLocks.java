package org.numaloom.locks.registry;

import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

import org.numaloom.locks.CnaLock;
import org.numaloom.locks.HmcsLock;
import org.numaloom.locks.McsLock;
import org.numaloom.locks.NumaMcsLock;

/** The kit's own locks and the JDK baselines they are measured against. */
public final class BuiltInLocks implements LockProvider {
    @Override
    public List<LockType> lockTypes() {
        return List.of(
                new LockType("NUMA_MCS", "per-NUMA-node MCS queues, leaders compete for a global word; spin-then-park, barging, bounded hand-off",
                        true, NumaMcsLock::new),
                new LockType("CNA", "one queue reordered CNA-style to keep the lock on the leader's NUMA node; barging, spin-then-park, bounded",
                        true, CnaLock::new),
                new LockType("MCS", "one strict-FIFO MCS queue, spin-then-park", true, McsLock::new),
                new LockType("HMCS", "MCS queues per cluster, NUMA node and package, each group passing the lock within "
                        + "itself up to a bound (HMCS); FIFO, spin-then-park", true, HmcsLock::new),
                new LockType("UNFAIR_REENTRANT", "java.util.concurrent.locks.ReentrantLock(false), the JDK's default",
                        true, () -> new ReentrantLock(false)),
                new LockType("FAIR_REENTRANT", "java.util.concurrent.locks.ReentrantLock(true)",
                        true, () -> new ReentrantLock(true)));
    }
}
