package org.numaloom.perf.bench;

/** The {@value Exclusion#SYNCHRONIZED} exclusion: a {@code synchronized} block on a private monitor. */
final class MonitorExclusion implements Exclusion {
    private final Object monitor = new Object();

    @Override
    public void run(Runnable criticalSection) {
        synchronized (monitor) {
            criticalSection.run();
        }
    }

    @Override
    public String name() {
        return SYNCHRONIZED;
    }
}
