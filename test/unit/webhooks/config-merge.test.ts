import {
  defaultWebhookTriggers,
  mergeAdvancedWebhookConfig,
  mergeWebhookConfig,
} from '../../../shared/settings/webhook-config-merge';

describe('mergeWebhookConfig', () => {
  it('seeds the default triggers only when enabling a config without triggers', () => {
    const enabled = mergeWebhookConfig(undefined, { useWebhookService: true });
    expect(enabled.webhookServiceConfig.triggers).toEqual(defaultWebhookTriggers);
    const notEnabling = mergeWebhookConfig(undefined, {
      webhookServiceConfig: { triggers: { 'comment.add': true } },
    });
    expect(notEnabling.webhookServiceConfig.triggers).toEqual({ 'comment.add': true });
    expect(
      mergeWebhookConfig(notEnabling, { useWebhookService: true }).webhookServiceConfig.triggers,
    ).toEqual({
      'comment.add': true,
    });
  });

  it('does not mutate the stored config', () => {
    const stored = mergeWebhookConfig(undefined, { useWebhookService: true });
    const copy = structuredClone(stored);
    mergeWebhookConfig(stored, {
      webhookServiceConfig: { triggers: { 'comment.add': false }, authToken: 't' },
    });
    expect(stored).toEqual(copy);
  });
});

describe('mergeAdvancedWebhookConfig', () => {
  it('refuses a first update that does not enable', () => {
    expect(() => mergeAdvancedWebhookConfig(undefined, { publicKey: 'k' })).toThrow(/isEnabled: true/);
  });

  it('allows disabling once configured', () => {
    const stored = mergeAdvancedWebhookConfig(undefined, { isEnabled: true });
    expect(mergeAdvancedWebhookConfig(stored, { isEnabled: false }).isEnabled).toBe(false);
  });
});
