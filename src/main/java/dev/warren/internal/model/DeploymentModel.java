package dev.warren.internal.model;

import dev.warren.internal.config.AsyncApiSettings;
import dev.warren.internal.config.GlobalSettings;
import java.util.List;

/**
 * What deployment validation accepted, for Warren's own beans (the AsyncAPI document): built once,
 * never changed.
 *
 * @param consumers every consumer, enabled or not
 * @param publications the declared publications
 * @param global the application-wide settings
 * @param asyncApi the AsyncAPI settings
 * @param brokerVersion the broker's version as deployment validation saw it (it decides the
 *     arguments Warren declares quorum queues with), unknown when no consumer needed the broker
 */
public record DeploymentModel(
    List<ConsumerModel> consumers,
    List<PublicationModel> publications,
    GlobalSettings global,
    AsyncApiSettings asyncApi,
    BrokerVersion brokerVersion) {}
