package org.numaloom.mutation;

/**
 * One mistake at one site of one class of a lock.
 *
 * @param lock      the registered name of the lock whose classes were mutated
 * @param className the internal name of the mutated class, e.g. {@code org/numaloom/locks/LeaderLock}
 */
public record Mutant(String lock, Operator operator, String className, Operator.Site site) {
    /** A name that stays the same while the method does: {@code OPERATOR:Class.method#ordinal}. */
    public String id() {
        return operator + ":" + simpleClassName() + "." + site.member() + "#" + site.ordinal();
    }

    public String simpleClassName() {
        return className.substring(className.lastIndexOf('/') + 1);
    }

    /** The mutant's id as a file name. */
    String directoryName() {
        return id().replaceAll("[^A-Za-z0-9._#-]", "_");
    }
}
