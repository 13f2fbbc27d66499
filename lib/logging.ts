import { RemovalPolicy } from 'aws-cdk-lib';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

export interface ServiceLogsProps {
  /** How long logs are kept (context `logRetentionDays`). */
  readonly retention: RetentionDays;
  /** Whether the groups (and what they hold) survive the stack's deletion: protected stages keep them. */
  readonly retain: boolean;
}

/**
 * The stack's log groups, owned by the stack with a retention instead of created by Lambda on first
 * use (no retention, outliving the stack). One group is shared by every function: a group per
 * function would cost one resource each (about 80, and 5 instead of 4 per added route) against
 * CloudFormation's 500-resource limit. Lambda names each stream of a shared group after its
 * function (`YYYY/MM/DD/<function>[<version>]<instance>`), and every log line carries its route
 * or worker, so nothing is lost by sharing. The API's access log has a group of its own.
 */
export class ServiceLogs extends Construct {
  readonly functions: LogGroup;
  readonly apiAccess: LogGroup;

  constructor(scope: Construct, id: string, props: ServiceLogsProps) {
    super(scope, id);
    const removalPolicy = props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    this.functions = new LogGroup(this, 'Functions', { retention: props.retention, removalPolicy });
    this.apiAccess = new LogGroup(this, 'ApiAccess', { retention: props.retention, removalPolicy });
  }
}
