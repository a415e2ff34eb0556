import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_TOKEN, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults: demo mode on 127.0.0.1:8080', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      apiBaseUrl: null,
      demoToken: DEFAULT_DEMO_TOKEN,
      demoLatencyMs: 0,
      demoFailureRate: 0,
      demoAccount: 'standard',
      demoRateLimitMax: 0,
      rateLimitMax: 600,
      demoClientId: 'demo-client',
      demoClientSecret: 'demo-secret-2026',
      demoTokenTtlS: 7200,
      demoNestedLabelGroups: false,
      oauthTokenPath: '/oauth/token',
      tokenRateLimitMax: 10,
      logLevel: 'info',
      upstreamTimeoutMs: 30_000,
      upstreamMaxBytes: 32 * 1024 * 1024,
      sendTimeoutMs: 30_000,
    });
    expect(config.distDir).toBe(resolve(import.meta.dirname, '..', 'dist'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      API_BASE_URL: 'https://lms.example.com',
      DEMO_TOKEN: 'another-token',
      DEMO_CLIENT_ID: 'another-client',
      DEMO_CLIENT_SECRET: 'another-secret',
      DEMO_TOKEN_TTL_S: '60',
      DEMO_NESTED_LABEL_GROUPS: '1',
      DEMO_LATENCY_MS: '250',
      DEMO_FAILURE_RATE: '0.25',
      DEMO_ACCOUNT: 'large',
      DEMO_RATE_LIMIT_MAX: '120',
      RATE_LIMIT_MAX: '0',
      OAUTH_TOKEN_PATH: '/lms/oauth/token',
      TOKEN_RATE_LIMIT_MAX: '3',
      DIST_DIR: 'build/web',
      LOG_LEVEL: 'warn',
      UPSTREAM_TIMEOUT_MS: '500',
      UPSTREAM_MAX_BYTES: '1024',
      SEND_TIMEOUT_MS: '2500',
    });
    expect(config).toEqual({
      port: 0,
      host: '0.0.0.0',
      apiBaseUrl: 'https://lms.example.com',
      demoToken: 'another-token',
      demoClientId: 'another-client',
      demoClientSecret: 'another-secret',
      demoTokenTtlS: 60,
      demoNestedLabelGroups: true,
      demoLatencyMs: 250,
      demoFailureRate: 0.25,
      demoAccount: 'large',
      demoRateLimitMax: 120,
      rateLimitMax: 0,
      oauthTokenPath: '/lms/oauth/token',
      tokenRateLimitMax: 3,
      distDir: resolve('build/web'),
      logLevel: 'warn',
      upstreamTimeoutMs: 500,
      upstreamMaxBytes: 1024,
      sendTimeoutMs: 2500,
    });
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ PORT: '', API_BASE_URL: '', DEMO_TOKEN: '', LOG_LEVEL: '' });
    expect(config.port).toBe(8080);
    expect(config.apiBaseUrl).toBeNull();
    expect(config.demoToken).toBe(DEFAULT_DEMO_TOKEN);
    expect(config.logLevel).toBe('info');
  });

  it.each([
    ['https://lms.example.com', 'https://lms.example.com'],
    ['https://lms.example.com/', 'https://lms.example.com'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['https://LMS.Example.com:443/api/', 'https://lms.example.com/api'],
    ['https://lms.example.com/school/v2', 'https://lms.example.com/school/v2'],
    ['http://[::1]:9000/', 'http://[::1]:9000'],
  ])('normalizes API_BASE_URL %s to %s', (raw, expected) => {
    expect(loadConfig({ API_BASE_URL: raw }).apiBaseUrl).toBe(expected);
  });

  it.each([
    'lms.example.com',
    '/endpoint',
    'ftp://lms.example.com',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://user:secret@lms.example.com',
    'https://user@lms.example.com',
    'https://lms.example.com/?access_token=x',
    'https://lms.example.com/#top',
    'https://lms.example.com/a b',
    'https://lms.example.com/%2e%2e/admin',
    'https://lms.example.com//double',
    'https://lms.example.com/api;x=1',
  ])('refuses API_BASE_URL %s', (raw) => {
    expect(() => loadConfig({ API_BASE_URL: raw })).toThrow(/API_BASE_URL/);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['DEMO_LATENCY_MS', '1.5'],
    ['DEMO_FAILURE_RATE', '1.5'],
    ['DEMO_FAILURE_RATE', '-0.1'],
    ['DEMO_FAILURE_RATE', 'half'],
    ['RATE_LIMIT_MAX', 'many'],
    ['LOG_LEVEL', 'verbose'],
    ['DEMO_TOKEN', 'has space'],
    ['UPSTREAM_TIMEOUT_MS', '0'],
    ['SEND_TIMEOUT_MS', '0'],
    ['DEMO_TOKEN_TTL_S', '0'],
    ['DEMO_NESTED_LABEL_GROUPS', 'yes'],
    ['DEMO_CLIENT_ID', 'has space'],
    ['OAUTH_TOKEN_PATH', 'oauth/token'],
    ['OAUTH_TOKEN_PATH', '/oauth/../admin'],
    ['OAUTH_TOKEN_PATH', '/oauth/token?x=1'],
    ['OAUTH_TOKEN_PATH', 'https://evil.example/token'],
    ['TOKEN_RATE_LIMIT_MAX', 'many'],
    ['DEMO_RATE_LIMIT_MAX', '-1'],
    ['DEMO_RATE_LIMIT_MAX', '10/min'],
    ['DEMO_ACCOUNT', 'huge'],
    ['DEMO_ACCOUNT', 'Large'],
  ])('refuses %s=%s and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`Invalid environment: .*${name}`));
  });

  it('says which demo accounts there are', () => {
    expect(() => loadConfig({ DEMO_ACCOUNT: 'huge' })).toThrow(/DEMO_ACCOUNT must be standard or large/);
  });
});

describe('loadConfig: running as a service', () => {
  it('reads REDIS_URL, METRICS_TOKEN, TRUST_PROXY and SHUTDOWN_DELAY_MS, and leaves them out when unset', () => {
    const config = loadConfig({
      REDIS_URL: 'rediss://:pass@redis.internal:6380/2',
      METRICS_TOKEN: 'scrape-me',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback',
      SHUTDOWN_DELAY_MS: '5000',
    });
    expect(config).toMatchObject({
      redisUrl: 'rediss://:pass@redis.internal:6380/2',
      metricsToken: 'scrape-me',
      trustProxy: ['10.0.0.0/8', '192.168.1.7', 'loopback'],
      shutdownDelayMs: 5000,
    });
    const plain = loadConfig({ REDIS_URL: '', METRICS_TOKEN: '' });
    for (const key of ['redisUrl', 'metricsToken', 'trustProxy', 'shutdownDelayMs'])
      expect(plain).not.toHaveProperty(key);
  });

  it.each([
    ['REDIS_URL', 'http://user:hunter2@redis.internal'],
    ['REDIS_URL', 'not a url hunter2'],
    ['METRICS_TOKEN', 'two words'],
    ['DEMO_CLIENT_SECRET', 'hunter2 with spaces'],
    ['TRUST_PROXY', '10.0.0.0/8; rm -rf'],
    ['SHUTDOWN_DELAY_MS', 'soon'],
  ])('refuses %s=%s, names it and never echoes it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`Invalid environment: .*${name}`));
    expect(() => loadConfig({ [name]: value })).not.toThrow(/hunter2/);
  });
});
