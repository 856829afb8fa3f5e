/**
 * The soak test: a Warren application that streams numbered messages through publisher confirms to
 * a quorum queue on a three-node cluster and consumes them, while a fault driver restarts, kills
 * and disconnects the nodes at random; at the end it says what was published, confirmed, received,
 * lost and duplicated, and the longest pause. Not API and not a CI test: run it by hand with {@code
 * it/brokers/soak.sh} (or {@code mvn -B -Psoak -DskipTests test-compile} against a cluster of your
 * own).
 */
package dev.warren.soak;
