package org.numaloom.perf.bench;

import java.util.concurrent.locks.Lock;

import org.numaloom.locks.registry.LockType;

/** An exclusion by a new lock of a registered {@link LockType}, held with the usual lock/try/finally. */
final class LockExclusion implements Exclusion {
    private final String name;
    private final Lock lock;

    LockExclusion(LockType type) {
        this.name = type.name();
        this.lock = type.create();
    }

    @Override
    public void run(Runnable criticalSection) {
        lock.lock();
        try {
            criticalSection.run();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String name() {
        return name;
    }
}
